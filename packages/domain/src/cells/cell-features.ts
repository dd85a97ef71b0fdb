import type { CellFeature, CellTrack } from '@thunderwatch/shared/schemas/cells';
import { motionOf } from './cell-history.js';
import { nowcastCell } from './cell-nowcast.js';
import { round5 } from './cell-plane.js';
import type { TrackedCell } from './cell-tracker.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A tracked cell as the API's GeoJSON feature (`/api/scz`), with its nowcast at +15/+30/+60 min. */
export function cellFeature(cell: TrackedCell): CellFeature {
  const motion = motionOf(cell.velocity);
  const geometry = { type: 'Polygon' as const, coordinates: [cell.ring] };
  return {
    type: 'Feature',
    geometry,
    properties: {
      id: cell.id,
      time: iso(cell.timeMs),
      born_at: iso(cell.bornMs),
      centroid: [round5(cell.centroid.lon), round5(cell.centroid.lat)],
      area_km2: cell.areaKm2,
      flash_rate_per_min: cell.flashRatePerMin,
      cg_rate_per_min: cell.cgRatePerMin,
      trend: cell.trend,
      motion,
      lifecycle: cell.lifecycle,
      parents: cell.parents,
      jump: cell.jump,
      jump_sigma: cell.jumpSigmas,
      rate_history: cell.rateHistory.map((r) => ({
        time: iso(r.timeMs),
        total_per_min: r.total,
        cg_per_min: r.cg,
      })),
      nowcast: nowcastCell({ centroid: cell.centroid, ring: cell.ring, motion, trend: cell.trend }),
      made_from: cell.madeFrom,
      max_dbz: cell.maxDbz,
      radar_area_km2: cell.radarAreaKm2,
      radar_time: cell.radarTimeMs === null ? null : iso(cell.radarTimeMs),
    },
  };
}

/** A feature stored before cells carried radar (those were all made from flashes), as the contract has it. */
export function withRadarFields(f: CellFeature): CellFeature {
  const p = f.properties as Partial<CellFeature['properties']>;
  if (p.made_from !== undefined) return f;
  return {
    ...f,
    properties: {
      ...f.properties,
      made_from: 'flashes',
      max_dbz: null,
      radar_area_km2: null,
      radar_time: null,
    },
  };
}

/** One step of a cell's track (`/api/scz_query_range`) from its feature. */
export function trackStepOf(f: CellFeature): CellTrack['steps'][number] {
  const p = f.properties;
  return {
    time: p.time,
    centroid: p.centroid,
    area_km2: p.area_km2,
    flash_rate_per_min: p.flash_rate_per_min,
    cg_rate_per_min: p.cg_rate_per_min,
    lifecycle: p.lifecycle,
    jump: p.jump,
  };
}
