-- A scheduled report that is ready is told to its schedule's list: its own event kind in the outbox (the full
-- list, as every migration that adds one writes it).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave',
    'disaster', 'flight', 'device', 'report'));
