-- One alarm model: the wave, typhoon, flight and weather warning alarms move into `alarms`, beside the
-- lightning alarms the ring engine raises. `kind` says which; `subject` what the alarm is about besides its
-- location (a wave station, a storm, an aircraft, a weather warning's life), and an open alarm is unique per
-- kind, subject and location (a weather warning's life has one alarm per location, open or not); `facts` holds
-- what the kind knows of it (packages/shared/src/schemas/alarm-facts.ts). Lightning alarms keep their own
-- columns (alert, previous level, distance, bearing, prediction), which the engine, the statistics and the
-- confirmations read. `created_at` is when an alarm was raised, `cleared_at` when it ended.
-- The moved rows get new ids from the one sequence (their old id stays in `facts.legacy_id`): lightning
-- alarms keep theirs, which the confirmations and the inbox use.
ALTER TABLE alarms ADD COLUMN kind text NOT NULL DEFAULT 'lightning'
  CHECK (kind IN ('lightning', 'wave', 'typhoon', 'flight', 'weather_warning'));
ALTER TABLE alarms ADD COLUMN subject text;
ALTER TABLE alarms ADD COLUMN facts jsonb;
ALTER TABLE alarms ADD COLUMN updated_at timestamptz;
ALTER TABLE alarms ADD COLUMN cleared_at timestamptz;
ALTER TABLE alarms ALTER COLUMN alert_id DROP NOT NULL;
ALTER TABLE alarms ALTER COLUMN previous_level DROP NOT NULL;
ALTER TABLE alarms ADD CONSTRAINT alarms_kind_fields_check CHECK (
  CASE WHEN kind = 'lightning' THEN alert_id IS NOT NULL AND previous_level IS NOT NULL
       ELSE subject IS NOT NULL AND facts IS NOT NULL AND updated_at IS NOT NULL END);
CREATE UNIQUE INDEX alarms_open_subject_idx ON alarms (kind, subject, location_id)
  WHERE cleared_at IS NULL AND kind <> 'lightning';
CREATE UNIQUE INDEX alarms_life_idx ON alarms (subject, location_id) WHERE kind = 'weather_warning';
CREATE INDEX alarms_kind_group_time_idx ON alarms (kind, group_id, created_at DESC);
-- The warnings list filters by the group alarmed; purging a warning deletes its alarms.
CREATE INDEX alarms_warning_idx ON alarms (((facts ->> 'warning_id')::bigint)) WHERE kind = 'weather_warning';

INSERT INTO alarms (kind, subject, location_id, group_id, level, created_at, updated_at, cleared_at, facts)
SELECT 'wave', 'station:' || station_id, location_id, group_id, level, raised_at, updated_at, cleared_at,
  jsonb_build_object('legacy_id', id, 'station_id', station_id, 'distance_km', distance_km,
    'threshold_m', threshold_m, 'height_m', height_m, 'max_height_m', max_height_m, 'reading_at', reading_at)
FROM wave_alarms ORDER BY id;

INSERT INTO alarms (kind, subject, location_id, group_id, level, created_at, updated_at, cleared_at, facts)
SELECT 'typhoon', 'storm:' || storm_id, location_id, group_id, level, raised_at, updated_at, cleared_at,
  jsonb_build_object('legacy_id', id, 'storm_id', storm_id, 'inside_gale', inside_gale,
    'distance_km', distance_km, 'closest_at', closest_at, 'grade', grade)
FROM typhoon_alarms ORDER BY id;

INSERT INTO alarms (kind, subject, location_id, group_id, level, created_at, updated_at, cleared_at, facts)
SELECT 'flight', 'aircraft:' || icao24, location_id, group_id, level, raised_at, updated_at, cleared_at,
  jsonb_build_object('legacy_id', id, 'icao24', icao24, 'callsign', callsign, 'distance_km', distance_km,
    'altitude_m', altitude_m, 'cell_id', cell_id)
FROM flight_alarms ORDER BY id;

INSERT INTO alarms (kind, subject, location_id, group_id, level, created_at, updated_at, cleared_at, facts)
SELECT 'weather_warning', 'life:' || life_key, location_id, group_id, level, raised_at,
  COALESCE(cleared_at, raised_at), cleared_at, jsonb_build_object('legacy_id', id, 'warning_id', warning_id)
FROM weather_warning_alarms ORDER BY id;

DROP TABLE wave_alarms;
DROP TABLE typhoon_alarms;
DROP TABLE flight_alarms;
DROP TABLE weather_warning_alarms;

