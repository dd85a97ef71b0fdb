import type { CompactPolygon } from '@thunderwatch/domain/regions/region-index';
import { DENSITY_STOPS } from '@thunderwatch/shared/map-layers';
import { escapeHtml } from './report-content.js';

const colourOf = (n: number) =>
  DENSITY_STOPS.reduce((c, [min, colour]) => (n >= min ? colour : c), DENSITY_STOPS[0]?.[1] as string);

/**
 * A density map as SVG: the region's outline and the result's cells coloured by strokes, in an equirectangular
 * projection scaled by the cosine of the middle latitude (close enough at a province's size).
 */
export function densityMapSvg(
  outline: readonly CompactPolygon[],
  cells: readonly [number, number, number][],
  cellDeg: number,
  label: string,
  width = 680,
): string {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of outline)
    for (const ring of rings)
      for (let i = 0; i < ring.length; i += 2) {
        w = Math.min(w, ring[i] as number);
        e = Math.max(e, ring[i] as number);
        s = Math.min(s, ring[i + 1] as number);
        n = Math.max(n, ring[i + 1] as number);
      }
  if (!Number.isFinite(w)) return '';
  const kx = Math.cos((((s + n) / 2) * Math.PI) / 180);
  const scale = (width - 20) / Math.max((e - w) * kx, 1e-6);
  const height = Math.round((n - s) * scale + 20);
  const x = (lon: number) => (10 + (lon - w) * kx * scale).toFixed(1);
  const y = (lat: number) => (10 + (n - lat) * scale).toFixed(1);
  const rects = cells
    .map(
      ([lat, lon, count]) =>
        `<rect x="${x(lon)}" y="${y(lat + cellDeg)}" width="${(cellDeg * kx * scale).toFixed(2)}" height="${(cellDeg * scale).toFixed(2)}" fill="${colourOf(count)}" fill-opacity="0.75"/>`,
    )
    .join('');
  const paths = outline
    .flatMap((rings) =>
      rings.map((ring) => {
        const pts: string[] = [];
        for (let i = 0; i < ring.length; i += 2)
          pts.push(`${x(ring[i] as number)},${y(ring[i + 1] as number)}`);
        return `<polygon points="${pts.join(' ')}" fill="none" stroke="#374151" stroke-width="1"/>`;
      }),
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}"><rect width="100%" height="100%" fill="#f9fafb"/>${rects}${paths}</svg>`;
}
