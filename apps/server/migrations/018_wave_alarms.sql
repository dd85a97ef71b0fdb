-- A location's own wave alarm threshold (significant wave height, cm); null: the portal's WAVE_ALERT_CM. A
-- harbour's boats and an offshore platform tolerate different seas, and locations are what a group owns:
-- stations are shared by every group, so a threshold on a station would be one group's choice for all.
ALTER TABLE locations ADD COLUMN wave_alert_cm integer CHECK (wave_alert_cm BETWEEN 10 AND 3000);

-- Wave alarms: a location within WAVE_ALERT_RADIUS_KM of a wave station whose latest significant wave height
-- reaches the location's threshold. One open row per station and location while it holds (its messages go once, when it
-- opens); it holds down to 90 % of the threshold, and `cleared_at` is set below that or when the station has
-- had no height for 6 h. Level 3 (red) from 1.5 times the threshold when raised, else 2 (orange): lists'
-- minimum level applies as to lightning and typhoon alarms.
CREATE TABLE wave_alarms (
  id bigserial PRIMARY KEY,
  station_id text NOT NULL REFERENCES weather_stations (id),
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL CHECK (level IN (2, 3)),
  distance_km double precision NOT NULL,
  threshold_m real NOT NULL,
  -- The latest height the evaluation saw, the highest since the alarm opened, and the latest's time.
  height_m real NOT NULL,
  max_height_m real NOT NULL,
  reading_at timestamptz NOT NULL,
  raised_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX wave_alarms_open_idx ON wave_alarms (station_id, location_id) WHERE cleared_at IS NULL;
CREATE INDEX wave_alarms_group_idx ON wave_alarms (group_id, raised_at DESC);

-- Wave alarms are their own event kind in the outbox. The list names every kind of this release, so that the
-- migrations adding kinds agree whichever runs last.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave',
    'disaster'));
