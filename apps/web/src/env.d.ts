interface ImportMetaEnv {
  /** Origin of the production deployment, e.g. https://thunderwatch.example.com; receives the bearer token. */
  readonly VITE_PRODUCTION_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The offline basemap, made at build time (apps/web/build/basemap-files.ts): where its files and tiles are. */
declare module 'virtual:basemap-files' {
  export interface TileSet {
    /** A tile URL template, `{z}/{x}/{y}`, absolute from the site's root. */
    tiles: string;
    minzoom: number;
    maxzoom: number;
    bounds: [number, number, number, number];
  }
  const basemap: { cities: string; world: TileSet; region: TileSet };
  export default basemap;
}
