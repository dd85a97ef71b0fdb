-- Weather stations (land stations and buoys), their observations and their sea-wave readings. Readings are
-- partitioned by day like the strokes (partitions created on demand by the ingest, dropped whole by
-- retention after RETENTION_DAYS). A corrected reading replaces the one stored for its station and time.
-- Readings name their station without a foreign key: the ingest checks the stations of a batch once, where a
-- foreign key would check every row (about a tenth of the embedded database's ingest time, measured).

CREATE TABLE weather_stations (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$'),
  name text NOT NULL CHECK (length(name) <= 100),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  elevation_m real CHECK (elevation_m BETWEEN -500 AND 9000),
  source text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX weather_stations_position_idx ON weather_stations (lat, lon);

CREATE TABLE observations (
  station_id text NOT NULL,
  time timestamptz NOT NULL,
  temperature real,
  humidity real,
  pressure real,
  wind_speed real,
  wind_dir real,
  wind_gust real,
  precipitation real,
  visibility real,
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, time)
) PARTITION BY RANGE (time);
-- No index on time alone: every read names its stations, so the primary key serves it, and a second index
-- would cost the ingest about half its rate on the embedded database (bench/observations.bench.mjs).

-- Sea waves at buoys and coastal stations (NDBC realtime2's columns, in its units).
CREATE TABLE wave_readings (
  station_id text NOT NULL,
  time timestamptz NOT NULL,
  wave_height real,
  dominant_period real,
  average_period real,
  mean_direction real,
  wind_dir real,
  wind_speed real,
  wind_gust real,
  pressure real,
  air_temp real,
  water_temp real,
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, time)
) PARTITION BY RANGE (time);
