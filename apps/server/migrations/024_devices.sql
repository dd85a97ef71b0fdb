-- Devices of a group: detection stations (the lightning sensors of a network) and field sensors. The id is
-- the device's own name on the wire (MQTT topic `devices/<id>/heartbeat`, the heartbeat's `device`), so it
-- is chosen when the device is registered and unique across groups.
CREATE TABLE devices (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  group_id bigint NOT NULL REFERENCES groups (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('station', 'field_sensor')),
  model text NOT NULL CHECK (length(model) <= 100),
  serial text NOT NULL CHECK (length(serial) <= 100),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  installed_at timestamptz,
  firmware text NOT NULL CHECK (length(firmware) <= 100),
  -- Kept by heartbeats (online / degraded) and the device monitor (offline after DEVICE_OFFLINE_MIN).
  status text NOT NULL CHECK (status IN ('online', 'degraded', 'offline')),
  status_reasons text[] NOT NULL DEFAULT '{}',
  status_since timestamptz NOT NULL,
  -- The latest heartbeat as received (time, gps_lock, temperature_c, voltage_v, noise, strokes).
  last_heartbeat jsonb,
  last_heartbeat_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX devices_group_idx ON devices (group_id, id);
CREATE INDEX devices_heard_idx ON devices (last_heartbeat_at) WHERE status <> 'offline';

-- Every status change (the first row when the device is registered): the status history and uptime.
CREATE TABLE device_status_history (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('online', 'degraded', 'offline')),
  reasons text[] NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL
);
CREATE INDEX device_status_history_idx ON device_status_history (device_id, at);

-- A device going offline or coming back is its own event kind in the outbox (the list every helper's
-- migration agrees on).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave',
    'disaster', 'flight', 'device'));
