import type { RegionIndex } from '@thunderwatch/domain/regions/region-index';
import { DISASTER_RISK } from '@thunderwatch/domain/weather/disaster-risk';
import type { CellFeature } from '@thunderwatch/shared/schemas/cells';

export interface NowcastCounts {
  cells_30: number;
  severe_cells_30: number;
  cells_60: number;
}

/**
 * Per city, the cells of a tracker step whose +30 and +60 min nowcast polygons overlap it (on the cities'
 * simplified outlines: the nowcasts are km-wide guesses), and how many of the +30 ones jump or produce at
 * least `cellCgPerMin` CG flashes a minute.
 */
export function nowcastCounts(
  features: readonly CellFeature[],
  cities: RegionIndex,
): Map<string, NowcastCounts> {
  const out = new Map<string, NowcastCounts>();
  const of = (code: string) => {
    let n = out.get(code);
    if (!n) {
      n = { cells_30: 0, severe_cells_30: 0, cells_60: 0 };
      out.set(code, n);
    }
    return n;
  };
  for (const f of features) {
    const p = f.properties;
    const severe = p.jump || p.cg_rate_per_min >= DISASTER_RISK.cellCgPerMin;
    for (const n of p.nowcast) {
      const ring = n.geometry.coordinates[0] as [number, number][] | undefined;
      if (!ring || ring.length < 4) continue;
      for (const code of cities.overlapping(ring)) {
        const c = of(code);
        if (n.lead_min === 30) {
          c.cells_30++;
          if (severe) c.severe_cells_30++;
        } else if (n.lead_min === 60) c.cells_60++;
      }
    }
  }
  return out;
}
