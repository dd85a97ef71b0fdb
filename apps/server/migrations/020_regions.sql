-- China's administrative regions (GB/T 2260): provinces (incl. the municipalities and SARs) and
-- prefecture-level cities, loaded from apps/server/geo/china-regions.json.gz (built by
-- scripts/build-china-regions.mjs from registry packages) at start or by `regions-load`; the load is
-- idempotent (rows whose source_hash matches the file are left alone). A municipality is both a province
-- and a city of the same code.
CREATE TABLE regions (
  code char(6) NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  level text NOT NULL CHECK (level IN ('province', 'city')),
  parent char(6) CHECK (parent ~ '^[0-9]{6}$'),
  name_zh text NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 40),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 80),
  west double precision NOT NULL,
  south double precision NOT NULL,
  east double precision NOT NULL,
  north double precision NOT NULL,
  area_km2 double precision NOT NULL CHECK (area_km2 >= 0),
  -- GeoJSON MultiPolygon coordinates simplified to about 1 km, for the map.
  geometry_simplified jsonb NOT NULL,
  -- The full boundary (about 100 m for cities, a few km for provinces), for statistics: polygons of rings in
  -- ECharts' encoding ([text, x0, y0], zig-zag deltas of 1/1024°; @thunderwatch/domain/region-geometry
  -- decodes it): 1.2 MB in all, where plain coordinates would be 12 MB.
  geometry_full jsonb NOT NULL,
  source_hash text NOT NULL,
  PRIMARY KEY (level, code)
);
CREATE INDEX regions_parent_idx ON regions (parent, code);
