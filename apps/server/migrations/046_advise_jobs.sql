-- The rules advisor's runs: a heavy replay run as a job on any node (claimed with SKIP LOCKED, held
-- by a lease a crashed node's job outlives), readable from every node. `sites` is what the job replays, taken
-- when it was asked for (the caller's right to see each site was checked then); `result` its answer.
CREATE TABLE advise_jobs (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  input jsonb NOT NULL,
  sites jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress_done integer NOT NULL DEFAULT 0 CHECK (progress_done >= 0),
  progress_total integer NOT NULL DEFAULT 0 CHECK (progress_total >= 0),
  result jsonb,
  error jsonb,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX advise_jobs_waiting_idx ON advise_jobs (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX advise_jobs_created_idx ON advise_jobs (created_at);
