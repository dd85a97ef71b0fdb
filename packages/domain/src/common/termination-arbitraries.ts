import * as fc from 'fast-check';

/**
 * Inputs for the termination properties (termination.property.test.ts): numbers a caller can hand the
 * domain by mistake or from a bad record (NaN, ±Infinity, -0, the extremes of a double) mixed with
 * ordinary ones, and arrays from empty to a few thousand entries (bounded so the properties stay quick).
 */
export const NOW_MS = Date.parse('2026-07-01T12:00:00Z');

const EDGE = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  -1,
] as const;

export const edge = fc.constantFrom(...EDGE);

/** Any number, edge cases often. */
export const anyNum = fc.oneof(
  { arbitrary: edge, weight: 3 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.integer({ min: -1000, max: 1000 }), weight: 1 },
);

const inRange = (min: number, max: number) =>
  fc.oneof({ arbitrary: fc.double({ min, max, noNaN: true }), weight: 4 }, { arbitrary: edge, weight: 1 });

export const lat = inRange(-90, 90);
export const lon = inRange(-180, 180);
/** Latitudes and longitudes near one place, so that points meet (clusters, cells, rings). */
export const nearLat = fc.oneof(
  { arbitrary: fc.double({ min: 22.5, max: 23.5, noNaN: true }), weight: 8 },
  { arbitrary: edge, weight: 1 },
);
export const nearLon = fc.oneof(
  { arbitrary: fc.double({ min: 112.5, max: 113.5, noNaN: true }), weight: 8 },
  { arbitrary: edge, weight: 1 },
);
export const km = inRange(0, 500);
export const timeMs = fc.oneof(
  { arbitrary: fc.integer({ min: NOW_MS - 3 * 3_600_000, max: NOW_MS }), weight: 8 },
  { arbitrary: edge, weight: 1 },
);
export const anyDate = fc.oneof(
  fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
  edge.map((v) => new Date(v)),
);

/** Arrays: usually short, sometimes empty, sometimes a few thousand of the same item. */
export function list<T>(item: fc.Arbitrary<T>, huge = 2000): fc.Arbitrary<T[]> {
  return fc.oneof(
    { arbitrary: fc.array(item, { maxLength: 12 }), weight: 6 },
    { arbitrary: fc.constant([] as T[]), weight: 1 },
    { arbitrary: item.chain((x) => fc.constant(Array.from({ length: huge }, () => x))), weight: 1 },
  );
}

export const position = fc.tuple(lon, lat);
export const nearPosition = fc.tuple(nearLon, nearLat);
/** A ring of [lon, lat] positions, closed or not, with any numbers in it. */
export const ring = fc.array(nearPosition, { minLength: 0, maxLength: 20 }).map((r) => {
  const first = r[0];
  return first ? [...r, first] : r;
});

export const flash = fc.record({ timeMs, lat: nearLat, lon: nearLon, cg: fc.boolean() });
export const box = fc.record({ west: lon, south: lat, east: lon, north: lat });
export const nearBox = fc.record({ west: nearLon, south: nearLat, east: nearLon, north: nearLat });
