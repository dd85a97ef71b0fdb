import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
// The controls' dark look loads before MapLibre's own sheet: where a rule of each is equally specific,
// MapLibre's wins (the compact attribution keeps MapLibre's light background).
import './map-controls.css';
import 'maplibre-gl/dist/maplibre-gl.css';

// The worker ships as its own same-origin file: the CSP allows workers from 'self' and blob:, and no eval.
maplibregl.setWorkerUrl(workerUrl);
// The worker starts with this module (a screen with a map is opening), not with the map: fetching and
// compiling its script then overlaps the screen's first render and its data's requests.
maplibregl.prewarm();

export { maplibregl };
