-- Insight reports: each generated report (its parameters, status, HTML and PDF), queued for the report workers
-- of any node (SKIP LOCKED under a lease), and the schedules the leader turns into monthly reports.
CREATE TABLE report_schedules (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  template text NOT NULL,
  parameters jsonb NOT NULL,
  day_of_month smallint NOT NULL CHECK (day_of_month BETWEEN 1 AND 28),
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  time_zone text NOT NULL,
  list_id bigint REFERENCES distribution_lists (id) ON DELETE SET NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  -- The last period (YYYY-MM) a report was made for.
  last_period text
);
CREATE INDEX report_schedules_group_idx ON report_schedules (group_id);

CREATE TABLE reports (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  template text NOT NULL,
  parameters jsonb NOT NULL,
  title text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  error text,
  html text,
  pdf bytea,
  -- Why the PDF is missing when the HTML is there (no Chromium on the node).
  pdf_note text,
  sheets jsonb,
  schedule_id bigint REFERENCES report_schedules (id) ON DELETE SET NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX reports_group_idx ON reports (group_id, id DESC);
CREATE INDEX reports_waiting_idx ON reports (id) WHERE status IN ('queued', 'running');
