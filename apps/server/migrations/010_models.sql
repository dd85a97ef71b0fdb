-- Model runs (`/api/weather/task`) and their outputs. A run is queued by the schedule or by an admin, then
-- taken by the node leading the `models` singleton: queued → running (progress) → done | failed (reason).

CREATE TABLE model_runs (
  id bigserial PRIMARY KEY,
  model_id text NOT NULL CHECK (length(model_id) BETWEEN 1 AND 64),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  reason text CHECK (length(reason) <= 1000),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The node that ran it (for the logs of a run that failed with its node).
  node text CHECK (length(node) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- The time the output starts from (the cells' step, or the external forecast's issue time).
  valid_at timestamptz
);
CREATE INDEX model_runs_model_idx ON model_runs (model_id, id DESC);
CREATE INDEX model_runs_status_idx ON model_runs (status, id) WHERE status IN ('queued', 'running');

-- One output per finished run: the grid's geometry, its frames (values per cell as gzipped little-endian
-- float32, NaN where unknown), the contours drawn on the map (GeoJSON features), and facts about the run.
CREATE TABLE model_outputs (
  run_id bigint PRIMARY KEY REFERENCES model_runs (id) ON DELETE CASCADE,
  grid jsonb NOT NULL,
  frames jsonb NOT NULL,
  facts jsonb NOT NULL,
  features jsonb NOT NULL
);

CREATE TABLE model_output_frames (
  run_id bigint NOT NULL REFERENCES model_runs (id) ON DELETE CASCADE,
  element text NOT NULL CHECK (length(element) BETWEEN 1 AND 64),
  from_min integer NOT NULL,
  to_min integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (run_id, element, from_min)
);
