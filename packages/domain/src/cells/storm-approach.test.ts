import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { describe, expect, it } from 'vitest';
import { destinationPoint, distanceKm } from '../geo/geodesy.js';
import { type ApproachFlash, estimateApproach } from './storm-approach.js';

const MIN = 60_000;
const NOW = 1_750_000_000_000;
const RINGS = [30, 20, 10];
const SITE = { lat: 23, lon: 113 };

type Site = { lat: number; lon: number };
/** Cell centre on the site's plane (km east, km north) at `tau` minutes from now (negative: past). */
type Path = (tau: number) => [number, number];

/** Like a storm cell: every minute from `fromMin` to `toMin` ago, 4 flashes 5 km N/E/S/W of the centre. */
function cell(site: Site, path: Path, fromMin = 30, toMin = 0, spreadKm = 5): ApproachFlash[] {
  const flashes: ApproachFlash[] = [];
  for (let ago = toMin; ago <= fromMin; ago++) {
    const [x, y] = path(-ago);
    const bearing = (Math.atan2(x, y) * 180) / Math.PI;
    const centre = destinationPoint(site.lat, site.lon, bearing, Math.hypot(x, y));
    for (let k = 0; k < 4; k++) {
      const p = destinationPoint(centre.lat, centre.lon, k * 90, spreadKm);
      flashes.push({ timeMs: NOW - ago * MIN, lat: p.lat, lon: p.lon });
    }
  }
  return flashes;
}

const KM_PER_MIN_40 = 40 / 60;
/** Straight at the site from the north at 40 km/h, centre 60 km away now (front 55 km: radius 5 km). */
const headOn: Path = (tau) => [0, 60 - KM_PER_MIN_40 * tau];
const ANTIMERIDIAN = { lat: -17, lon: 179.9 };
const ARCTIC = { lat: 70, lon: 20 };

interface Row {
  name: string;
  site?: Site;
  flashes: ApproachFlash[];
  status: Approach['status'];
  direction?: number | null;
  speed?: number | null;
  etas: (number | null)[];
  distanceKm?: (lat: number, lon: number) => number;
}

const rows: Row[] = [
  {
    // Front at 55 km closing at 40 km/h: 25, 35, 45 km to go.
    name: 'head-on at 40 km/h from 60 km',
    flashes: cell(SITE, headOn),
    status: 'approaching',
    direction: 180,
    speed: 40,
    etas: [37.5, 52.5, 67.5],
  },
  {
    name: 'head-on from the east across the antimeridian',
    site: ANTIMERIDIAN,
    flashes: cell(ANTIMERIDIAN, (tau) => [60 - KM_PER_MIN_40 * tau, 0]),
    status: 'approaching',
    direction: 270,
    speed: 40,
    etas: [37.5, 52.5, 67.5],
  },
  {
    name: 'head-on from the south-west at 70° N',
    site: ARCTIC,
    flashes: cell(ARCTIC, (tau) => [
      (-60 + KM_PER_MIN_40 * tau) / Math.SQRT2,
      (-60 + KM_PER_MIN_40 * tau) / Math.SQRT2,
    ]),
    status: 'approaching',
    direction: 45,
    speed: 40,
    etas: [37.5, 52.5, 67.5],
  },
  {
    // The caller measures to a shape 8 km around the site: every ring is reached 8 km (12 min) earlier.
    name: 'polygon site through the caller’s distance',
    flashes: cell(SITE, headOn),
    distanceKm: (lat, lon) => Math.max(0, distanceKm(SITE.lat, SITE.lon, lat, lon) - 8),
    status: 'approaching',
    direction: 180,
    speed: 40,
    etas: [25.5, 40.5, 55.5],
  },
  {
    name: 'moving away north from 60 km',
    flashes: cell(SITE, (tau) => [0, 60 + KM_PER_MIN_40 * tau]),
    status: 'moving_away',
    direction: 0,
    speed: 40,
    etas: [null, null, null],
  },
  {
    // Front at 15 km: already inside the 30 and 20 km rings.
    name: 'moving away but still inside the outer rings',
    flashes: cell(SITE, (tau) => [0, 20 + KM_PER_MIN_40 * tau]),
    status: 'moving_away',
    direction: 0,
    speed: 40,
    etas: [0, 0, null],
  },
  {
    // Passes 18 km north of the site: its front (13 km) never enters the 10 km ring.
    name: 'tangential, missing the inner ring',
    flashes: cell(SITE, (tau) => [-40 + KM_PER_MIN_40 * tau, 18]),
    status: 'approaching',
    direction: 90,
    speed: 40,
    etas: [(40 - Math.sqrt(35 ** 2 - 18 ** 2)) * 1.5, (40 - Math.sqrt(25 ** 2 - 18 ** 2)) * 1.5, null],
  },
  {
    name: 'drifting at 3 km/h is stationary',
    flashes: cell(SITE, (tau) => [0, 27 - 0.05 * tau]),
    status: 'stationary',
    direction: null,
    speed: 3,
    etas: [0, null, null],
  },
  {
    name: 'nine flashes are too few',
    flashes: cell(SITE, headOn).filter((_, i) => i % 14 === 0),
    status: 'unknown',
    direction: null,
    speed: null,
    etas: [null, null, null],
  },
  {
    name: 'eight minutes of history are too short',
    flashes: cell(SITE, headOn, 8),
    status: 'unknown',
    direction: null,
    speed: null,
    etas: [null, null, null],
  },
  {
    name: 'no flashes',
    flashes: [],
    status: 'unknown',
    direction: null,
    speed: null,
    etas: [null, null, null],
  },
  {
    // A: from the north, 40 km now. B: 78 km south-east, leaving southwards at 30 km/h.
    name: 'two cells: the nearest one is tracked',
    flashes: [
      ...cell(SITE, (tau) => [50, -60 + 0.5 * tau]),
      ...cell(SITE, (tau) => [0, 40 - KM_PER_MIN_40 * tau]),
    ],
    status: 'approaching',
    direction: 180,
    speed: 40,
    etas: [7.5, 22.5, 37.5],
  },
  {
    name: 'a cell beyond 100 km is not tracked',
    flashes: cell(SITE, (tau) => [0, 130 - KM_PER_MIN_40 * tau]),
    status: 'unknown',
    etas: [null, null, null],
  },
];

describe('estimateApproach', () => {
  it.each(rows)('$name', (row) => {
    const a = estimateApproach({
      flashes: row.flashes,
      site: row.site ?? SITE,
      ringRadiiKm: RINGS,
      nowMs: NOW,
      distanceKm: row.distanceKm,
    });
    expect(a.status).toBe(row.status);
    if (row.direction !== undefined) {
      if (row.direction === null) expect(a.direction_deg).toBeNull();
      // Compare on the circle so 359.9 and 0 agree.
      else
        expect(Math.abs(((a.direction_deg ?? Number.NaN) - row.direction + 540) % 360) - 180).toBeLessThan(1);
    }
    if (row.speed === null) expect(a.speed_kmh).toBeNull();
    else if (row.speed !== undefined) expect(a.speed_kmh).toBeCloseTo(row.speed, 0);
    expect(a.rings.map((r) => r.radius_km)).toEqual(RINGS);
    a.rings.forEach((r, i) => {
      const eta = row.etas[i];
      if (eta === null || eta === undefined) expect(r.eta_min).toBeNull();
      else expect(Math.abs((r.eta_min ?? Number.NaN) - eta)).toBeLessThan(0.5);
    });
  });

  it('ignores flashes older than 30 min and in the future', () => {
    const base = { site: SITE, ringRadiiKm: RINGS, nowMs: NOW };
    const expected = estimateApproach({ ...base, flashes: cell(SITE, headOn) });
    // A storm sat 5 km from the site until 31 min ago; another report is stamped in the future.
    const stale = cell(SITE, () => [0, 5], 60, 31);
    const future = cell(SITE, () => [0, 5]).map((f) => ({ ...f, timeMs: f.timeMs + 31 * MIN }));
    expect(stale.length + future.length).toBeGreaterThan(200);
    expect(estimateApproach({ ...base, flashes: [...stale, ...cell(SITE, headOn), ...future] })).toEqual(
      expected,
    );
  });

  it('gives no ETA beyond 180 min', () => {
    // 10 km/h from 60 km: front reaches 30 km after 150 min, 20 km after 210 min.
    const slow = cell(SITE, (tau) => [0, 60 - (10 / 60) * tau]);
    const a = estimateApproach({ flashes: slow, site: SITE, ringRadiiKm: RINGS, nowMs: NOW });
    expect(a.status).toBe('approaching');
    expect(a.rings.map((r) => r.eta_min === null)).toEqual([false, true, true]);
    expect(a.rings[0]?.eta_min).toBeCloseTo(150, 0);
  });
});
