import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';

/** A collection of more features than this goes to MapLibre's worker as GeoJSON text (`setSourceData`). */
export const BULK_FEATURES = 1_000;

/**
 * Sets a GeoJSON source's data. A large collection (the day's strokes, a model's output grid)
 * goes as one GeoJSON text behind a blob URL, which MapLibre's worker fetches and parses natively: handed the
 * feature objects, MapLibre copies them one by one on the page's main thread and again in its worker (100 ms
 * and more of a blocked page, and a worker busy copying, for 3,000 grid squares). A few features go as they are.
 */
export function setSourceData(source: GeoJSONSource, data: FeatureCollection): Promise<unknown> {
  if (data.features.length <= BULK_FEATURES) return source.setData(data);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/geo+json' }));
  return source.setData(url).finally(() => URL.revokeObjectURL(url));
}
