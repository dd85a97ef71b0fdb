interface ImportMetaEnv {
  /** Origin of the production deployment, e.g. https://thunderwatch.example.com; receives the bearer token. */
  readonly VITE_PRODUCTION_ORIGIN?: string;
  /** Optional raster basemap tiles, e.g. https://tiles.example.com/{z}/{x}/{y}.png; off by default (offline). */
  readonly VITE_TILE_URL?: string;
  /** Attribution shown for VITE_TILE_URL. */
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
