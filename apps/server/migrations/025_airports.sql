-- Airport locations: the board shows the aircraft within 50 km of them and their lightning hazard, and an
-- aircraft entering a cell (hazard `inside`) while the airport is at level 2 or more raises a flight alarm.
ALTER TABLE locations ADD COLUMN is_airport boolean NOT NULL DEFAULT false;
ALTER TABLE locations ADD COLUMN airport_icao text CHECK (airport_icao ~ '^[A-Z]{4}$');

-- The demo group's Baiyun (ZGGG), as seeded by an earlier first start (later first starts seed it so).
UPDATE locations SET is_airport = true, airport_icao = 'ZGGG'
  WHERE name = '广州白云国际机场 (Guangzhou Baiyun Airport)' AND deleted_at IS NULL;

-- Flight alarms: one row per aircraft and airport while the aircraft stays inside a cell within 50 km of an
-- airport at level 2 or more (its messages go once, when it opens); `cleared_at` is set when the aircraft is
-- no longer inside, left the area, was not seen for 2 minutes, or the airport fell below level 2.
CREATE TABLE flight_alarms (
  id bigserial PRIMARY KEY,
  icao24 text NOT NULL CHECK (icao24 ~ '^[0-9a-f]{6}$'),
  callsign text,
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL CHECK (level IN (2, 3)),
  distance_km double precision NOT NULL,
  altitude_m real,
  cell_id text,
  raised_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX flight_alarms_open_idx ON flight_alarms (icao24, location_id) WHERE cleared_at IS NULL;
CREATE INDEX flight_alarms_group_idx ON flight_alarms (group_id, raised_at DESC);
