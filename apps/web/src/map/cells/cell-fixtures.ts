import type { CellFeature, CellProperties, CellTrack } from '@thunderwatch/shared/schemas/cells';

/**
 * Storm cells built by hand for tests, shaped as `packages/shared/src/schemas/cells.ts` defines them (not
 * taken from a sample): squares around a centre, nowcasts moved along the motion and grown with the lead.
 */

export const T0 = Date.parse('2025-07-01T08:00:00Z');
export const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;

/** A closed square ring of half-side `half` degrees around [lon, lat]. */
export function square([lon, lat]: [number, number], half: number): [number, number][] {
  return [
    [lon - half, lat - half],
    [lon + half, lat - half],
    [lon + half, lat + half],
    [lon - half, lat + half],
    [lon - half, lat - half],
  ];
}

export function makeCell(overrides: Partial<CellProperties> = {}, half = 0.1): CellFeature {
  const centroid = overrides.centroid ?? [113.3, 23.1];
  const motion = overrides.motion === undefined ? { speed_kmh: 36, direction_deg: 90 } : overrides.motion;
  // 36 km/h east is ~0.098° of longitude every 15 min at 23°N.
  const nowcast = motion
    ? [15, 30, 60].map((lead) => ({
        lead_min: lead,
        geometry: {
          type: 'Polygon' as const,
          coordinates: [square([centroid[0] + (lead / 15) * 0.098, centroid[1]], half + lead * 0.002)],
        },
      }))
    : [];
  const properties: CellProperties = {
    id: 'c1',
    time: iso(T0),
    born_at: iso(T0 - 42 * MIN),
    centroid,
    area_km2: 430,
    flash_rate_per_min: 24,
    cg_rate_per_min: 6,
    trend: 'growing',
    motion,
    lifecycle: 'mature',
    parents: [],
    jump: false,
    jump_sigma: 1.2,
    rate_history: [5, 4, 3, 2, 1, 0].map((back, i) => ({
      time: iso(T0 - back * MIN),
      total_per_min: 4 + i * 4,
      cg_per_min: 1 + i,
    })),
    nowcast,
    made_from: 'flashes',
    max_dbz: null,
    radar_area_km2: null,
    radar_time: null,
    ...overrides,
  };
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [square(centroid, half)] },
    properties,
  };
}

/** A track with one step per `minutesBack` entry (minutes before T0), moving east 0.01° a minute. */
export function makeTrack(minutesBack: readonly number[], jumpsAt: readonly number[] = []): CellTrack {
  const steps = minutesBack.map((back) => ({
    time: iso(T0 - back * MIN),
    centroid: [113.3 - back * 0.01, 23.1] as [number, number],
    area_km2: 400,
    flash_rate_per_min: 20,
    cg_rate_per_min: 5,
    lifecycle: back > 30 ? ('growing' as const) : ('mature' as const),
    jump: jumpsAt.includes(back),
  }));
  return {
    id: 'c1',
    born_at: steps[0]?.time ?? iso(T0),
    last_at: steps.at(-1)?.time ?? iso(T0),
    parents: [],
    steps,
  };
}
