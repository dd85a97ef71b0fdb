-- A failed model run keeps why as a code with its parameters (issue 32), which the screens word in the
-- reader's language; `reason` keeps the English text as before (the logs, and rows older than this, which
-- have no code and are shown as they are).

ALTER TABLE model_runs
  ADD COLUMN reason_code text CHECK (reason_code ~ '^[a-z][a-z0-9_]{0,63}$'),
  ADD COLUMN reason_params jsonb CHECK (reason_params IS NULL OR jsonb_typeof(reason_params) = 'object');
