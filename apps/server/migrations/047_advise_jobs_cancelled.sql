-- A rules advisor job its owner stopped: a queued one never starts, a running one stops at its next page.
ALTER TABLE advise_jobs DROP CONSTRAINT advise_jobs_status_check;
ALTER TABLE advise_jobs ADD CONSTRAINT advise_jobs_status_check
  CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled'));
