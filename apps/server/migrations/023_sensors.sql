-- Sensors of a group: electric field mills (`efm`, kV/m) and met sensors (`met`), optionally at one of the
-- group's locations. Their readings are partitioned by day like the strokes (created on demand by the ingest,
-- dropped whole by retention after RETENTION_DAYS), and rolled up per minute at ingest (count, sum, min, max
-- per element) so a month of 1 Hz readings charts from ~43,000 rows a sensor instead of 2.6 million.
-- A reading sent again for a sensor and time is ignored (first one wins), so the rollups count it once.
CREATE TABLE sensors (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$'),
  group_id bigint NOT NULL REFERENCES groups (id),
  location_id bigint REFERENCES locations (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('efm', 'met')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'disabled')),
  -- The latest reading, kept at ingest so the list never reads the partitions.
  last_time timestamptz,
  last_values real[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensors_group_idx ON sensors (group_id, id);
CREATE INDEX sensors_location_idx ON sensors (location_id) WHERE location_id IS NOT NULL;

-- No foreign key to sensors: the ingest checks a batch's sensors once (as the observations do).
CREATE TABLE sensor_readings (
  sensor_id text NOT NULL,
  time timestamptz NOT NULL,
  field real,
  wind_speed real,
  wind_dir real,
  temperature real,
  humidity real,
  pressure real,
  rain real,
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sensor_id, time)
) PARTITION BY RANGE (time);

-- `element` is the index in SENSOR_ELEMENTS (packages/shared/src/schemas/sensors.ts); wind direction is
-- not rolled up (a mean of angles is not an angle).
CREATE TABLE sensor_minutes (
  sensor_id text NOT NULL,
  element smallint NOT NULL CHECK (element BETWEEN 0 AND 6),
  time timestamptz NOT NULL,
  n integer NOT NULL,
  sum double precision NOT NULL,
  min real NOT NULL,
  max real NOT NULL,
  PRIMARY KEY (sensor_id, element, time)
) PARTITION BY RANGE (time);
