-- Zones, locations with their rings, the warning engine's stored state, alert episodes, alarms and the
-- level-change events behind statistics and skill. Geometry is GeoJSON in jsonb: geodesy runs in
-- packages/domain, not in SQL.

-- The user's map defaults (centre, zoom, layers) for /api/user_map_data.
ALTER TABLE users ADD COLUMN map_defaults jsonb;

CREATE TABLE zones (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  name text NOT NULL,
  geometry jsonb NOT NULL,
  area_km2 double precision NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX zones_group_idx ON zones (group_id);

-- Deleted locations are kept (deleted_at set) so that their alert history stays readable.
CREATE TABLE locations (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  name text NOT NULL,
  shape jsonb NOT NULL,
  zone_id bigint REFERENCES zones (id),
  time_zone text NOT NULL DEFAULT 'Asia/Shanghai',
  enabled boolean NOT NULL DEFAULT true,
  rings jsonb NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX locations_group_idx ON locations (group_id) WHERE deleted_at IS NULL;
CREATE INDEX locations_zone_idx ON locations (zone_id) WHERE zone_id IS NOT NULL;

-- One alert per episode of a location, from the first trigger to the all-clear.
CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  peak_level smallint NOT NULL CHECK (peak_level BETWEEN 1 AND 3),
  first_stroke jsonb,
  nearest_km double precision,
  ring_counts jsonb NOT NULL DEFAULT '[]',
  timeline jsonb NOT NULL DEFAULT '[]'
);
-- A location has at most one open episode: a restart can never open a second one.
CREATE UNIQUE INDEX alerts_open_idx ON alerts (location_id) WHERE ended_at IS NULL;
CREATE INDEX alerts_group_time_idx ON alerts (group_id, started_at DESC);

-- A level rise someone must confirm.
CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  alert_id bigint NOT NULL REFERENCES alerts (id),
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  previous_level smallint NOT NULL CHECK (previous_level BETWEEN 0 AND 2),
  created_at timestamptz NOT NULL,
  nearest_km double precision,
  bearing_deg double precision,
  confirmed_at timestamptz,
  confirmed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  note text
);
CREATE INDEX alarms_group_time_idx ON alarms (group_id, created_at DESC);
CREATE INDEX alarms_unconfirmed_idx ON alarms (location_id) WHERE confirmed_at IS NULL;

-- Every change of level (rises and falls), for hourly statistics and warning skill.
CREATE TABLE warning_events (
  id bigserial PRIMARY KEY,
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  alert_id bigint REFERENCES alerts (id),
  at timestamptz NOT NULL,
  from_level smallint NOT NULL,
  to_level smallint NOT NULL
);
CREATE INDEX warning_events_location_time_idx ON warning_events (location_id, at);
CREATE INDEX warning_events_group_time_idx ON warning_events (group_id, at);

-- The warning engine's live state per location (ring countdowns, threshold windows, episode counters),
-- written with every change so that a restart resumes where it stopped.
CREATE TABLE warning_states (
  location_id bigint PRIMARY KEY REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The received_at of the newest stroke whose effect is stored in warning_states: after a crash the engine
-- replays the strokes received since.
CREATE TABLE warning_engine (
  id smallint PRIMARY KEY CHECK (id = 1),
  watermark timestamptz NOT NULL
);
