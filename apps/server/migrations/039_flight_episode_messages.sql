-- One flight message per airport and episode: an aircraft entering a cell while the airport's episode runs is
-- added to the episode's in-app message (`OutboxRepo.amendInApp`), found by its location and time. This keeps
-- that lookup off the rest of the outbox.
CREATE INDEX deliveries_flight_inapp_idx ON deliveries (location_id, created_at) WHERE event = 'flight' AND channel = 'inapp';
-- The flight telling reads each airport's newest flight alarm and last pushed one (FlightAlarmsRepo.episodes).
CREATE INDEX alarms_flight_location_idx ON alarms (location_id, created_at DESC) WHERE kind = 'flight';
