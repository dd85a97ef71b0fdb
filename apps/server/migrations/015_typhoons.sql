-- Tropical cyclones: one row per storm (its identity is the source's: `wp022023`, `cma2017-0014`), the points
-- of its track (best track or analyses) and of its latest forecast. Ingesting a storm again merges its points
-- by time and replaces its forecast.

CREATE TABLE typhoon_storms (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9-]{1,40}$'),
  format text NOT NULL CHECK (format IN ('cma', 'atcf')),
  basin text NOT NULL CHECK (basin ~ '^[A-Z]{2}$'),
  year integer NOT NULL CHECK (year BETWEEN 1900 AND 2200),
  number text CHECK (length(number) <= 8),
  name_en text CHECK (length(name_en) <= 40),
  name_zh text CHECK (length(name_zh) <= 40),
  -- The source says the storm is over (CMA's end flag); otherwise it is over when its track goes quiet.
  ended boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  forecast_base timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX typhoon_storms_year_idx ON typhoon_storms (year);

-- Wind radii as [{kt, neKm, seKm, swKm, nwKm}] (34, 50, 64 kt); bounded at parse.
CREATE TABLE typhoon_track_points (
  storm_id bigint NOT NULL REFERENCES typhoon_storms (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  pressure_hpa smallint CHECK (pressure_hpa BETWEEN 850 AND 1100),
  wind_ms real CHECK (wind_ms BETWEEN 0 AND 120),
  grade text NOT NULL CHECK (grade IN ('LO', 'TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY', 'ET')),
  radii jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (storm_id, time)
);

CREATE TABLE typhoon_forecast_points (
  storm_id bigint NOT NULL REFERENCES typhoon_storms (id) ON DELETE CASCADE,
  lead_h smallint NOT NULL CHECK (lead_h BETWEEN 0 AND 240),
  time timestamptz NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  pressure_hpa smallint CHECK (pressure_hpa BETWEEN 850 AND 1100),
  wind_ms real CHECK (wind_ms BETWEEN 0 AND 120),
  grade text NOT NULL CHECK (grade IN ('LO', 'TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY', 'ET')),
  radii jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (storm_id, lead_h)
);

-- Typhoon alarms: a location a storm threatens (inside its current 34-kt radius, or its path from the
-- current position along the forecast within TYPHOON_ALERT_KM). One open row per storm and location while the
-- threat holds (its messages go once, when it opens); `cleared_at` when the storm moves off or ends.
-- Level 3 (red) inside the gale radius, 2 (orange) within the distance only: distribution lists' minimum
-- level applies to them as to lightning alarms.
CREATE TABLE typhoon_alarms (
  id bigserial PRIMARY KEY,
  storm_id bigint NOT NULL REFERENCES typhoon_storms (id) ON DELETE CASCADE,
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL CHECK (level IN (2, 3)),
  inside_gale boolean NOT NULL,
  distance_km double precision NOT NULL,
  closest_at timestamptz NOT NULL,
  -- The storm's grade at the last evaluation.
  grade text NOT NULL CHECK (grade IN ('LO', 'TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY', 'ET')),
  raised_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX typhoon_alarms_open_idx ON typhoon_alarms (storm_id, location_id) WHERE cleared_at IS NULL;
CREATE INDEX typhoon_alarms_group_idx ON typhoon_alarms (group_id, raised_at DESC);

-- Typhoon alarms are their own event kind in the outbox.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon'));
