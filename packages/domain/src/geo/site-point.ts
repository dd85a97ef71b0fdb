/**
 * The point a site is measured from: a point site's own, a polygon's mean vertex (sites are a few km across,
 * storms hundreds: the difference does not matter at this scale).
 */
export function sitePoint(
  shape:
    | { type: 'Point'; coordinates: readonly number[] }
    | { type: 'Polygon'; coordinates: readonly (readonly (readonly number[])[])[] },
): { lat: number; lon: number } {
  if (shape.type === 'Point')
    return { lon: shape.coordinates[0] as number, lat: shape.coordinates[1] as number };
  const ring = shape.coordinates[0] ?? [];
  // The closing vertex repeats the first: counted once.
  const open = ring.length > 1 ? ring.slice(0, -1) : ring;
  if (open.length === 0) throw new Error('empty polygon');
  // Longitudes unwrapped around the first vertex, so a polygon across the antimeridian averages correctly.
  const first = open[0]?.[0] as number;
  let lon = 0;
  let lat = 0;
  for (const p of open) {
    const x = p[0] as number;
    lon += x - 360 * Math.round((x - first) / 360);
    lat += p[1] as number;
  }
  return { lon: ((((lon / open.length + 180) % 360) + 360) % 360) - 180, lat: lat / open.length };
}
