-- Aircraft positions (OpenSky state vectors, SBS-1 BaseStation, the simulator), partitioned by day like the
-- strokes (partitions created on demand by the ingest, dropped whole by retention after RETENTION_DAYS).
-- A flight is not stored: it is the time-ordered positions of one aircraft, a new flight after 30 min without
-- contact, cut when read. A report for an aircraft and time already held replaces it.
CREATE TABLE aircraft_positions (
  icao24 text NOT NULL CHECK (icao24 ~ '^[0-9a-f]{6}$'),
  time timestamptz NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  altitude_m real CHECK (altitude_m BETWEEN -1500 AND 30000),
  on_ground boolean NOT NULL,
  speed_ms real CHECK (speed_ms BETWEEN 0 AND 1500),
  track_deg real CHECK (track_deg BETWEEN 0 AND 360),
  vertical_rate_ms real CHECK (vertical_rate_ms BETWEEN -500 AND 500),
  callsign text CHECK (callsign ~ '^[A-Z0-9-]{1,8}$'),
  squawk text CHECK (squawk ~ '^[0-7]{4}$'),
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (icao24, time)
) PARTITION BY RANGE (time);
-- "Aircraft at a time" reads the last two minutes of every aircraft; a track reads the primary key.
CREATE INDEX aircraft_positions_time_idx ON aircraft_positions (time);
