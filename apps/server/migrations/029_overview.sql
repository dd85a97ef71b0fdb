-- The overview's delivery health reads the deliveries that finished in the last 48 h: one index range.
CREATE INDEX deliveries_finished_idx ON deliveries (finished_at, group_id) WHERE status IN ('sent', 'failed');
