import { describe, expect, it } from 'vitest';
import {
  cellAt,
  cornerMismatch,
  type Forward,
  type GridGeoref,
  gridBounds,
  type Inverse,
  lonLatGeoref,
  mercatorRaster,
  rasterLookup,
} from './radar-grid.js';

const identity: Forward = (lon, lat) => [lon, lat];
const identityInv: Inverse = (x, y) => [x, y];

// A spherical polar stereographic projection true at 60° N around 10° E, the projection of the DWD RADOLAN
// grid (where/projdef of composite_rv_20250923_0855_000-hd5: +proj=stere +lat_0=90 +lat_ts=60 +lon_0=10),
// on a sphere so the test needs no projection library.
const R = 6_370_040;
const K = R * (1 + Math.sin(Math.PI / 3));
const rad = Math.PI / 180;
const stereo: Forward = (lon, lat) => {
  const rho = (K * Math.cos(lat * rad)) / (1 + Math.sin(lat * rad));
  return [rho * Math.sin((lon - 10) * rad), -rho * Math.cos((lon - 10) * rad)];
};
const stereoInv: Inverse = (x, y) => {
  const rho = Math.hypot(x, y);
  const lat = 90 - (2 * Math.atan(rho / K)) / rad;
  return [10 + Math.atan2(x, -y) / rad, lat];
};
/** 1100 × 1200 cells of 1 km with the upper-left corner near 55.86° N 1.46° E, like the DWD grid. */
const UL = stereo(1.4633, 55.8621) as [number, number];
const DWD_LIKE: GridGeoref = { projdef: '+proj=stere', x0: UL[0], y0: UL[1], dx: 1000, dy: 1000 };

describe('cellAt on a lat/lon grid', () => {
  const geo = lonLatGeoref({ west: 100, south: 20, east: 110, north: 25 }, 100, 50);
  it.each([
    [100.05, 24.95, 0],
    [109.95, 24.95, 99],
    [100.05, 20.05, 49 * 100],
    [105, 22.5, 25 * 100 + 50],
    [99.99, 22, -1],
    [110, 22, -1],
    [105, 25.01, -1],
  ])('(%d, %d) → cell %d', (lon, lat, cell) => {
    expect(cellAt(geo, 100, 50, identity, lon, lat)).toBe(cell);
  });
});

describe('gridBounds', () => {
  it('is the grid itself for a lat/lon grid', () => {
    const b = { west: 100, south: 20, east: 110, north: 25 };
    expect(gridBounds(lonLatGeoref(b, 100, 50), 100, 50, identityInv)).toEqual(b);
  });

  it('holds every corner of a stereographic grid', () => {
    const b = gridBounds(DWD_LIKE, 1100, 1200, stereoInv);
    expect(b.west).toBeCloseTo(1.46, 1);
    expect(b.north).toBeGreaterThan(55.86);
    expect(b.east).toBeGreaterThan(18.7);
    expect(b.south).toBeLessThan(45.7);
  });
});

describe('cornerMismatch', () => {
  it('is 0 for corners on the grid, and counts cells when a corner is off', () => {
    const geo = lonLatGeoref({ west: 100, south: 20, east: 110, north: 25 }, 100, 50);
    const corners = { ul: [100, 25], ur: [110, 25], ll: [100, 20], lr: [110, 20] } as const;
    const c = corners as unknown as Parameters<typeof cornerMismatch>[4];
    expect(cornerMismatch(geo, 100, 50, identity, c)).toBeCloseTo(0, 9);
    expect(cornerMismatch(geo, 100, 50, identity, { ...c, lr: [111, 20] })).toBeCloseTo(10, 9);
    // The same corners against a grid said to be 120 columns wide.
    expect(cornerMismatch({ ...geo, dx: geo.dx * (100 / 120) }, 120, 50, identity, c)).toBeCloseTo(0, 9);
    expect(cornerMismatch(geo, 120, 50, identity, c)).toBeCloseTo(20, 9);
  });
});

describe('mercatorRaster', () => {
  it.each([
    // A square degree at the equator is square in Mercator too.
    [{ west: 0, south: -0.5, east: 1, north: 0.5 }, 10_000, 100, 100],
    // Further north a degree of latitude is taller than one of longitude.
    [{ west: 0, south: 59.5, east: 1, north: 60.5 }, 10_000, 71, 141],
    // Capped at the side limit.
    [{ west: 0, south: -0.5, east: 1, north: 0.5 }, 16_000_000, 2048, 2048],
  ])('%j with %d cells → %d × %d', (bounds, cells, width, height) => {
    const r = mercatorRaster(bounds, cells);
    expect([r.width, r.height]).toEqual([width, height]);
  });

  it('clips latitudes Mercator cannot draw', () => {
    expect(mercatorRaster({ west: 0, south: -90, east: 10, north: 90 }, 100).bounds).toMatchObject({
      south: -85.05112878,
      north: 85.05112878,
    });
  });
});

describe('rasterLookup', () => {
  it('maps a lat/lon grid row by row, the Mercator stretch included', () => {
    const bounds = { west: 0, south: 0, east: 4, north: 4 };
    const lookup = rasterLookup(mercatorRaster(bounds, 16), lonLatGeoref(bounds, 4, 4), 4, 4, identity);
    expect([...lookup]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('leaves pixels outside the grid empty', () => {
    const grid = { west: 0, south: 0, east: 2, north: 2 };
    const raster = { width: 4, height: 1, bounds: { west: -1, south: 0.5, east: 3, north: 0.9 } };
    expect([...rasterLookup(raster, lonLatGeoref(grid, 2, 2), 2, 2, identity)]).toEqual([-1, 2, 3, -1]);
  });

  it('interpolating between projected nodes finds the cells projecting every pixel finds', () => {
    const raster = mercatorRaster(gridBounds(DWD_LIKE, 1100, 1200, stereoInv), 1100 * 1200 * 0.1);
    const fast = rasterLookup(raster, DWD_LIKE, 1100, 1200, stereo, 8);
    const exact = rasterLookup(raster, DWD_LIKE, 1100, 1200, stereo, 1);
    // Only pixel centres within a hair of a cell edge may land in the neighbouring cell.
    let differ = 0;
    for (let p = 0; p < exact.length; p++) {
      const [a, b] = [fast[p] as number, exact[p] as number];
      if (a === b) continue;
      differ++;
      // At the grid's own edge one may fall just outside (-1).
      if (a < 0 || b < 0) continue;
      expect(
        Math.abs((a % 1100) - (b % 1100)) + Math.abs(Math.floor(a / 1100) - Math.floor(b / 1100)),
      ).toBeLessThanOrEqual(2);
    }
    expect(differ / exact.length).toBeLessThan(0.02);
    // The grid covers the middle of its own bounding box.
    expect(
      exact[Math.floor(raster.height / 2) * raster.width + Math.floor(raster.width / 2)],
    ).toBeGreaterThan(0);
  });

  it('projects pixel by pixel where the projection fails at a node', () => {
    const partial: Forward = (lon, lat) => (lon < 0.6 ? null : [lon, lat]);
    const bounds = { west: 0, south: 0, east: 4, north: 4 };
    const lookup = rasterLookup(mercatorRaster(bounds, 16), lonLatGeoref(bounds, 4, 4), 4, 4, partial);
    expect([...lookup.slice(0, 4)]).toEqual([-1, 1, 2, 3]);
  });
});
