-- Radar frames: one grid of one quantity per product and time. The grid's raw codes and its Web Mercator
-- PNG are files under RADAR_DIR (paths relative to it); the row holds everything needed to read them.

CREATE TABLE radar_frames (
  id bigserial PRIMARY KEY,
  product text NOT NULL CHECK (product ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  time timestamptz NOT NULL,
  source text NOT NULL,
  simulated boolean NOT NULL DEFAULT false,
  quantity text NOT NULL,
  units text NOT NULL,
  period_min integer,
  lead_min integer NOT NULL DEFAULT 0,
  cols integer NOT NULL CHECK (cols BETWEEN 1 AND 4000),
  rows integer NOT NULL CHECK (rows BETWEEN 1 AND 4000),
  dtype text NOT NULL CHECK (dtype IN ('u8', 'u16', 'u32', 'i8', 'i16', 'i32', 'f32', 'f64')),
  projdef text NOT NULL,
  x0 double precision NOT NULL,
  y0 double precision NOT NULL,
  dx double precision NOT NULL,
  dy double precision NOT NULL,
  west double precision NOT NULL,
  south double precision NOT NULL,
  east double precision NOT NULL,
  north double precision NOT NULL,
  gain double precision NOT NULL,
  value_offset double precision NOT NULL,
  nodata double precision NOT NULL,
  undetect double precision NOT NULL,
  image_width integer NOT NULL,
  image_height integer NOT NULL,
  grid_file text NOT NULL,
  image_file text NOT NULL,
  bytes bigint NOT NULL,
  hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT radar_frames_product_time_key UNIQUE (product, time)
);

-- Retention drops frames by time across products.
CREATE INDEX radar_frames_time_idx ON radar_frames (time);
