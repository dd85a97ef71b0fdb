import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

// The worker ships as its own same-origin file: the CSP allows workers from 'self' and blob:, and no eval.
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
