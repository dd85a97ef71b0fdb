/**
 * A copy of GeoJSON with every coordinate rounded to `digits` decimals (1e-4° is ~11 m): the basemap's files
 * carry no more precision than their 1:10m and 1:50m sources hold.
 */
export function roundCoordinates<T>(value: T, digits: number): T {
  const scale = 10 ** digits;
  const round = (v: unknown, inCoordinates: boolean): unknown => {
    if (typeof v === 'number') return inCoordinates ? Math.round(v * scale) / scale : v;
    if (Array.isArray(v)) return v.map((item) => round(item, inCoordinates));
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([key, item]) => [key, round(item, inCoordinates || key === 'coordinates')]),
      );
    return v;
  };
  return round(value, false) as T;
}
