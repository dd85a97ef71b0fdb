-- The per-recipient message budget (NOTIFY_BUDGET_COUNT messages per NOTIFY_BUDGET_WINDOW_MIN): what comes
-- beyond it is not sent one by one but folded into one digest per recipient and window, sent when the
-- window ends. A folded delivery keeps its row (status 'folded') and points at its digest.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave',
    'disaster', 'flight', 'device', 'report', 'digest'));
ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed', 'cancelled', 'folded'));
ALTER TABLE deliveries ADD COLUMN digest_id bigint REFERENCES deliveries (id) ON DELETE SET NULL;
CREATE INDEX deliveries_digest_idx ON deliveries (digest_id) WHERE digest_id IS NOT NULL;

-- How much of a recipient's budget each window has used: one row per channel, target and window, counted
-- in the transaction that plans the deliveries (its row lock orders nodes planning for the same recipient).
-- The target is a SHA-256 of the address: no robot token or webhook secret is stored here.
CREATE TABLE delivery_budget (
  channel text NOT NULL,
  target_hash text NOT NULL,
  window_start timestamptz NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (channel, target_hash, window_start)
);
