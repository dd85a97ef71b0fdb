-- Running on more than one node.

-- The warning engine follows the strokes table as an ordered log: strokes received after its cursor, in the
-- order they were received. Each ingest batch stamps its `received_at` by moving the log's head forward
-- (the node's clock, or one microsecond past the previous batch); the head's row lock makes batches take
-- turns until they commit, so `received_at` order is commit order and the log has no gaps.
CREATE INDEX strokes_received_idx ON strokes (received_at);
CREATE TABLE stroke_log_head (
  id smallint PRIMARY KEY CHECK (id = 1),
  received_at timestamptz NOT NULL
);
-- Starts at the newest batch already stored, so that an engine with no watermark yet does not read them all.
INSERT INTO stroke_log_head (id, received_at) SELECT 1, coalesce(max(received_at), '-infinity') FROM strokes;

-- Singletons (the warning engine, later the cell tracker, model runs and scheduled reports) run on the node
-- holding their PostgreSQL advisory lock. Each new holder raises `epoch`; a holder's writes check it, so a
-- node that lost the lock without noticing cannot write over its successor.
CREATE TABLE singleton_leases (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  epoch bigint NOT NULL,
  holder text NOT NULL CHECK (length(holder) <= 200),
  acquired_at timestamptz NOT NULL
);
