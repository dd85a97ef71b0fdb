-- The board lists an airport's flight alarms of the last hours (`/api/flight/alarms`).
CREATE INDEX flight_alarms_location_idx ON flight_alarms (location_id, raised_at DESC);
