import { describe, expect, it } from 'vitest';
import { convexHull, localPlane, ringToPlane, signedArea } from '../cells/cell-plane.js';
import { distanceKm } from '../geo/geodesy.js';
import { type GridGeoref, type Inverse, lonLatGeoref } from './radar-grid.js';
import { type RadarGrid, radarObjects } from './radar-objects.js';
import type { CodeArray, RadarScale } from './radar-scale.js';

/** N0Q-like codes: dBZ = raw × 0.5 − 32; 0 nothing detected, 255 no data. */
const N0Q: RadarScale = { gain: 0.5, offset: -32, nodata: 255, undetect: 0 };
const code = (dbz: number) => (dbz + 32) / 0.5;
const identity: Inverse = (x, y) => [x, y];

/**
 * A grid from a picture: `#` 40 dBZ, `@` 55 dBZ, `=` exactly 35 dBZ, `-` 34.5 dBZ, `n` no data, `.` nothing.
 * Lat/lon cells of 0.01° with the upper-left corner at 30.1° N, 114° E.
 */
function picture(lines: string[], scale = N0Q, codeOf = code, floats = false): RadarGrid {
  const rows = lines.length;
  const cols = (lines[0] as string).length;
  const codes = floats ? new Float32Array(cols * rows) : new Uint8Array(cols * rows);
  const dbz: Record<string, number> = { '#': 40, '@': 55, '=': 35, '-': 34.5 };
  lines.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      codes[r * cols + c] =
        ch === 'n' ? scale.nodata : ch in dbz ? codeOf(dbz[ch] as number) : scale.undetect;
    });
  });
  const georef = lonLatGeoref(
    { west: 114, south: 30.1 - rows * 0.01, east: 114 + cols * 0.01, north: 30.1 },
    cols,
    rows,
  );
  return { cols, rows, codes, scale, georef, inverse: identity };
}

/** Area of a 0.01° × 0.01° cell near 30.1° N, km² (spherical, R = 6371 km). */
const CELL_KM2 = (6371 * 0.01 * (Math.PI / 180)) ** 2 * Math.cos((30.07 * Math.PI) / 180);

const ringArea = (o: { centroid: { lat: number; lon: number }; ring: [number, number][] }) =>
  signedArea(ringToPlane(localPlane(o.centroid), o.ring));

describe('radarObjects', () => {
  it.each([
    { name: 'no echo', lines: ['......', '......'], cells: [] as number[], maxDbz: [] as number[] },
    {
      name: 'one block',
      lines: ['........', '.####...', '.####...', '.#@##...', '.####...', '........'],
      cells: [16],
      maxDbz: [55],
    },
    {
      name: 'blocks touching at a corner are one (8-connectivity)',
      lines: ['###.....', '###.....', '###.....', '...###..', '...###..', '...###..'],
      cells: [18],
      maxDbz: [40],
    },
    {
      name: 'blocks one column apart are two, largest first',
      lines: ['###.####', '###.####', '###.####', '###.####'],
      cells: [16, 12],
      maxDbz: [40, 40],
    },
    {
      name: 'exactly the threshold counts, half a dBZ under does not',
      lines: ['====----', '====----', '====----', '====----'],
      cells: [16],
      maxDbz: [35],
    },
    {
      name: 'no-data cells never count and split an echo',
      lines: ['###n###', '###n###', '###n###', '###n###'],
      cells: [12, 12],
      maxDbz: [40, 40],
    },
    {
      name: 'a region under the smallest area is dropped (3 cells ≈ 3.2 km²)',
      lines: ['###......', '.........', '.....####', '.....####', '.....####'],
      cells: [12],
      maxDbz: [40],
    },
  ])('$name', ({ lines, cells, maxDbz }) => {
    const found = radarObjects(picture(lines), { minAreaKm2: 5 });
    expect(found.map((o) => o.maxDbz)).toEqual(maxDbz);
    found.forEach((o, i) => {
      expect(o.areaKm2).toBeCloseTo((cells[i] as number) * CELL_KM2, 1);
      // The outline covers the cells: its area is about theirs (a concave hull round their corners).
      expect(ringArea(o)).toBeGreaterThan(o.areaKm2 * 0.95);
      expect(ringArea(o)).toBeLessThan(o.areaKm2 * 1.6);
      expect(o.ring[0]).toEqual(o.ring.at(-1));
    });
  });

  it('puts the centroid at the middle of the cells', () => {
    const [o] = radarObjects(picture(['.....', '.###.', '.###.', '.###.', '.....']), { minAreaKm2: 1 });
    // The middle cell (row 2, column 2) has its centre at 114.025° E, 30.075° N.
    expect(o?.centroid.lon).toBeCloseTo(114.025, 4);
    expect(o?.centroid.lat).toBeCloseTo(30.075, 4);
  });

  it('outlines a U-shaped echo concavely', () => {
    const u = ['#....#', '#....#', '#....#', '#....#', '#....#', '######'].map((l) =>
      l.replaceAll('#', '##').replaceAll('.', '..'),
    );
    const [o] = radarObjects(picture(u), { minAreaKm2: 1 });
    const plane = localPlane(o?.centroid ?? { lat: 0, lon: 0 });
    const ring = ringToPlane(plane, o?.ring ?? []);
    expect(signedArea(ring)).toBeLessThan(0.75 * signedArea(convexHull(ring)));
    expect(o?.areaKm2).toBeCloseTo(32 * CELL_KM2, 1);
  });

  it('reads a scale with a negative gain and float codes with NaN', () => {
    const scale: RadarScale = { gain: -1, offset: 0, nodata: 1, undetect: 2 };
    const grid = picture(['.##.', '.##.', '.#@.', '.##.'], scale, (dbz) => -dbz, true);
    grid.codes[0] = Number.NaN;
    const found = radarObjects(grid, { minAreaKm2: 1 });
    expect(found.map((o) => o.maxDbz)).toEqual([55]);
  });

  it('measures a projected grid on the globe: 1 km cells of a polar stereographic grid at 50° N', () => {
    // The DWD RADOLAN projection on a sphere (as in radar-grid.test.ts): true at 60° N, so a 1 km cell at
    // 50° N covers 1/k² km², k = (1 + sin 60°) / (1 + sin 50°).
    const R = 6_370_040;
    const K = R * (1 + Math.sin(Math.PI / 3));
    const rad = Math.PI / 180;
    const inverse: Inverse = (x, y) => [
      10 + Math.atan2(x, -y) / rad,
      90 - (2 * Math.atan(Math.hypot(x, y) / K)) / rad,
    ];
    const rho = (K * Math.cos(50 * rad)) / (1 + Math.sin(50 * rad));
    const georef: GridGeoref = { projdef: '+proj=stere', x0: -10_000, y0: -rho + 10_000, dx: 1000, dy: 1000 };
    const cols = 20;
    const codes: CodeArray = new Uint8Array(cols * cols);
    for (let r = 5; r < 15; r++) for (let c = 5; c < 15; c++) codes[r * cols + c] = code(45);
    const [o] = radarObjects({ cols, rows: cols, codes, scale: N0Q, georef, inverse });
    const k = (1 + Math.sin(60 * rad)) / (1 + Math.sin(50 * rad));
    expect(o?.areaKm2).toBeCloseTo(100 / k ** 2, 0);
    expect(distanceKm(o?.centroid.lat ?? 0, o?.centroid.lon ?? 0, 50, 10)).toBeLessThan(0.1);
    expect(o?.maxDbz).toBe(45);
  });

  it('finds each of many echoes on a large grid in one pass', () => {
    const cols = 1000;
    const codes = new Uint8Array(cols * cols);
    // 100 square echoes of 6 × 6 cells on a 100-cell lattice, each with a ring of weaker echo.
    for (let by = 0; by < 10; by++) {
      for (let bx = 0; bx < 10; bx++) {
        for (let r = 0; r < 10; r++) {
          for (let c = 0; c < 10; c++) {
            const core = r >= 2 && r < 8 && c >= 2 && c < 8;
            codes[(by * 100 + 40 + r) * cols + bx * 100 + 40 + c] = code(core ? 50 : 30);
          }
        }
      }
    }
    const georef = lonLatGeoref({ west: 100, south: 20, east: 110, north: 30 }, cols, cols);
    const found = radarObjects({ cols, rows: cols, codes, scale: N0Q, georef, inverse: identity });
    expect(found).toHaveLength(100);
    for (const o of found) expect(o.maxDbz).toBe(50);
  });
});
