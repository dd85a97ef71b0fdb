-- Statistics queries too large to answer at once run as jobs on any node (claimed with SKIP LOCKED, held by a
-- lease a crashed node's job outlives); every query's result is kept here for its export. Users keep their
-- own saved queries.
CREATE TABLE query_jobs (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  spec jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress real NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
  estimated bigint NOT NULL,
  result jsonb,
  error text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX query_jobs_user_idx ON query_jobs (user_id, id DESC);
CREATE INDEX query_jobs_waiting_idx ON query_jobs (id) WHERE status IN ('queued', 'running');
CREATE INDEX query_jobs_created_idx ON query_jobs (created_at);

CREATE TABLE saved_queries (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  spec jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT saved_queries_name_key UNIQUE (user_id, name)
);
