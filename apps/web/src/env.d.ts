interface ImportMetaEnv {
  /** Origin of the production deployment, e.g. https://thunderwatch.example.com; receives the bearer token. */
  readonly VITE_PRODUCTION_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
