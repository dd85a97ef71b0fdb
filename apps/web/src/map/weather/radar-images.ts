import { apiClient } from '../../lib/api-client';
import { maplibregl } from '../maplibre';

/**
 * Radar PNGs for the map. `/api/radar_img` needs the bearer token, which MapLibre cannot send: images are
 * named `twradar://…` and fetched here through the API client (token, refresh), and the last few are kept,
 * so the frame the replay shows next can be loaded before it is shown.
 */
const PROTOCOL = 'twradar';
const KEEP = 16;
const images = new Map<string, Promise<ArrayBuffer>>();
let registered = false;

/** The map's name for the PNG at an `/api/radar_img?…` address. */
export function radarImageUrl(apiUrl: string): string {
  return `${PROTOCOL}://image${apiUrl.slice(apiUrl.indexOf('?'))}`;
}

/** The PNG's bytes, fetched once while kept. */
export function loadRadarImage(url: string): Promise<ArrayBuffer> {
  const hit = images.get(url);
  if (hit) return hit;
  const search = url.slice(url.indexOf('?') + 1);
  const loading = apiClient
    .get<Blob>('/api/radar_img', Object.fromEntries(new URLSearchParams(search)), { responseType: 'blob' })
    .then((blob) => blob.arrayBuffer());
  loading.catch(() => images.delete(url));
  images.set(url, loading);
  while (images.size > KEEP) images.delete(images.keys().next().value as string);
  return loading;
}

/** Lets MapLibre load `twradar://` images (once per page). */
export function registerRadarProtocol(): void {
  if (registered) return;
  registered = true;
  maplibregl.addProtocol(PROTOCOL, async (params) => ({ data: await loadRadarImage(params.url) }));
}
