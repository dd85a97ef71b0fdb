-- Lightning disaster warnings per prefecture-level city (regions.level = 'city'), level 1..4 from the
-- last hours' CG flash density, peak currents and the storm cells' nowcasts (packages/domain
-- disaster-risk.ts). One open row per region while its level is ≥ 1; `cleared_at` when it falls to 0.
CREATE TABLE disaster_warnings (
  id bigserial PRIMARY KEY,
  region char(6) NOT NULL CHECK (region ~ '^[0-9]{6}$'),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  peak_level smallint NOT NULL CHECK (peak_level BETWEEN 1 AND 4),
  -- The factors of the last evaluation (densities, peak currents, nowcast cells, reasons).
  factors jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX disaster_warnings_open_idx ON disaster_warnings (region) WHERE cleared_at IS NULL;
CREATE INDEX disaster_warnings_issued_idx ON disaster_warnings (issued_at DESC);

-- When the evaluation last ran (one row), for the API's `evaluated_at`.
CREATE TABLE disaster_evaluations (
  id smallint PRIMARY KEY CHECK (id = 1),
  evaluated_at timestamptz NOT NULL
);

-- Disaster warnings are their own event kind in the outbox (the list every helper's migration agrees on).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave',
    'disaster'));
