import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import { destinationPoint, distanceKm } from '../geo/geodesy.js';
import { approachFromCells, estimateApproach } from './storm-approach.js';
import { type ApproachFlash, type LatLon, rotate, StormCellIndex, trackStormCells } from './storm-cells.js';

const MIN = 60_000;
const NOW = 1_750_000_000_000;

/**
 * A cell whose centre is at `start` now and moves along `bearing` at `kmh`: every minute of the last
 * `minutes`, 4 flashes `spreadKm` N/E/S/W of where the centre was then.
 */
function movingCell(
  start: LatLon,
  bearing: number,
  kmh: number,
  minutes = 30,
  spreadKm = 5,
): ApproachFlash[] {
  const out: ApproachFlash[] = [];
  for (let ago = 0; ago <= minutes; ago++) {
    const back = (kmh / 60) * ago;
    const c = destinationPoint(start.lat, start.lon, (bearing + 180) % 360, back);
    for (let k = 0; k < 4; k++) {
      const p = destinationPoint(c.lat, c.lon, k * 90, spreadKm);
      out.push({ timeMs: NOW - ago * MIN, lat: p.lat, lon: p.lon });
    }
  }
  return out;
}

const heading = (east: number, north: number) => ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;

describe('trackStormCells', () => {
  const rows = [
    { name: 'south China, east at 40 km/h', start: { lat: 23, lon: 113 }, bearing: 90, kmh: 40 },
    {
      name: 'across the antimeridian, west at 30 km/h',
      start: { lat: -17, lon: -179.95 },
      bearing: 270,
      kmh: 30,
    },
    { name: 'at 75° N, north-east at 60 km/h', start: { lat: 75, lon: 20 }, bearing: 45, kmh: 60 },
    { name: 'crossing the equator southwards', start: { lat: -0.05, lon: 30 }, bearing: 180, kmh: 20 },
  ];
  it.each(rows)('tracks one cell: $name', ({ start, bearing, kmh }) => {
    const [cell, ...rest] = trackStormCells(movingCell(start, bearing, kmh), NOW);
    expect(rest).toHaveLength(0);
    expect(cell?.flashes).toBe(124);
    const track = cell?.track;
    if (!track) throw new Error('no track');
    expect(distanceKm(track.lat, track.lon, start.lat, start.lon)).toBeLessThan(0.5);
    expect(Math.hypot(track.eastKmMin, track.northKmMin) * 60).toBeCloseTo(kmh, 0);
    expect(Math.abs(((heading(track.eastKmMin, track.northKmMin) - bearing + 540) % 360) - 180)).toBeLessThan(
      0.5,
    );
    // The four flashes of a minute are 5 km from the centre: so is the 80th percentile.
    expect(track.radiusKm).toBeCloseTo(5, 0);
    expect(cell?.points).toEqual([]);
  });

  it('keeps cells apart, drops noise and stale flashes, and keeps an untrackable cell’s flashes', () => {
    const young = movingCell({ lat: 24, lon: 114 }, 0, 30, 6);
    const cells = trackStormCells(
      [
        ...movingCell({ lat: 23, lon: 113 }, 90, 40),
        ...young,
        // Nine flashes: noise. Flashes older than 30 min or in the future: ignored.
        ...movingCell({ lat: 22, lon: 112 }, 0, 0, 0)
          .concat(movingCell({ lat: 22, lon: 112 }, 0, 0, 0))
          .slice(0, 9),
        ...movingCell({ lat: 21, lon: 111 }, 0, 30).map((f) => ({ ...f, timeMs: f.timeMs - 31 * MIN })),
        ...movingCell({ lat: 21, lon: 111 }, 0, 30).map((f) => ({ ...f, timeMs: f.timeMs + 40 * MIN })),
      ],
      NOW,
    );
    expect(cells.map((c) => [c.flashes, c.track !== null])).toEqual([
      [124, true],
      [28, false],
    ]);
    expect(cells[1]?.points).toHaveLength(young.length);
    expect(cells[1]?.extentKm).toBeGreaterThan(5);
  });

  it('answers each of many sites from one clustering, unmoved by storms beyond its range', () => {
    const r = createRandom(2026_11_24);
    const near = [
      ...movingCell({ lat: 23.3, lon: 113 }, 180, 40),
      ...movingCell({ lat: 22.6, lon: 113.6 }, 300, 25, 30, 8),
      ...movingCell({ lat: 23.5, lon: 114.4 }, 90, 10, 7),
    ];
    const cells = trackStormCells([...near, ...movingCell({ lat: 30, lon: 113 }, 0, 40)], NOW);
    const statuses = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const site = { lat: 22 + r.next() * 2, lon: 112 + r.next() * 3 };
      const got = approachFromCells(cells, { site, ringRadiiKm: [10, 20, 30] });
      expect(got).toEqual(estimateApproach({ flashes: near, site, ringRadiiKm: [10, 20, 30], nowMs: NOW }));
      statuses.add(got.status);
    }
    expect([...statuses].sort()).toEqual(['approaching', 'moving_away', 'unknown']);
  });

  it('passes far cells over by the shape’s reach without changing the answer', () => {
    const flashes = [
      ...movingCell({ lat: 23.5, lon: 113 }, 180, 40),
      ...movingCell({ lat: 25, lon: 113 }, 0, 20),
    ];
    const cells = trackStormCells(flashes, NOW);
    const site = { lat: 23, lon: 113 };
    // A disc of 8 km round the site, as a polygon's distance would be.
    const distance = (lat: number, lon: number) => Math.max(0, distanceKm(site.lat, site.lon, lat, lon) - 8);
    const input = { site, ringRadiiKm: [10, 20, 30], distanceKm: distance };
    const withReach = approachFromCells(cells, { ...input, shapeReachKm: 8 });
    expect(withReach).toEqual(approachFromCells(cells, input));
    expect(withReach.status).toBe('approaching');
  });

  it('answers through the index as through every cell: across the antimeridian and near a pole too', () => {
    const r = createRandom(11);
    const starts = [
      { lat: 23, lon: 113 },
      { lat: -17, lon: 179.9 },
      { lat: -17.3, lon: -179.6 },
      { lat: 88.5, lon: 40 },
      { lat: 88.7, lon: -140 },
      { lat: 60, lon: 0.2 },
    ];
    const flashes = starts.flatMap((s, i) => movingCell(s, i * 60, 20 + 5 * i, i === 2 ? 6 : 30));
    const cells = trackStormCells(flashes, NOW);
    expect(cells).toHaveLength(6);
    const index = new StormCellIndex(cells);
    let found = 0;
    for (let i = 0; i < 400; i++) {
      const s = starts[i % starts.length] as LatLon;
      const site = destinationPoint(s.lat, s.lon, r.next() * 360, r.next() * 130);
      const input = { site, ringRadiiKm: [10, 20, 30] };
      const got = approachFromCells(index, input);
      expect(got).toEqual(approachFromCells(cells, input));
      if (got.status !== 'unknown') found++;
    }
    expect(found).toBeGreaterThan(100);
  });

  it('turns a vector clockwise', () => {
    const [e, n] = rotate(0, 1, 90);
    expect(e).toBeCloseTo(1, 12);
    expect(n).toBeCloseTo(0, 12);
  });
});
