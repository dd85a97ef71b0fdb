-- Lightning strokes, partitioned by day (partitions are created on demand by the ingest and dropped by
-- retention), and the feeds that may deliver them.

CREATE SEQUENCE strokes_id_seq;

CREATE TABLE strokes (
  id bigint NOT NULL DEFAULT nextval('strokes_id_seq'),
  time timestamptz NOT NULL,
  ns integer NOT NULL CHECK (ns >= 0 AND ns < 1000000000),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  peak_ka real NOT NULL,
  is_ic boolean NOT NULL,
  sensors smallint,
  multiplicity smallint,
  major_km real,
  minor_km real,
  ellipse_deg real,
  flash_id bigint,
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (time);

-- Exact duplicates (same source, time to the nanosecond, position) are stored once; the index also serves
-- every time-range query.
CREATE UNIQUE INDEX strokes_dedupe_idx ON strokes (time, ns, lat, lon, source);
CREATE INDEX strokes_flash_idx ON strokes (flash_id);

-- Flash ids are handed out in blocks to the flash grouper.
CREATE SEQUENCE flash_id_seq INCREMENT BY 1000;

CREATE TABLE feeds (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  key_hash text NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT feeds_key_hash_key UNIQUE (key_hash)
);
CREATE UNIQUE INDEX feeds_live_name_idx ON feeds (name) WHERE revoked_at IS NULL;
