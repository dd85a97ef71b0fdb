-- How often a rules advisor job has been taken up: a job whose node died with it is taken up again by
-- another, at most a few times (a job that takes its node down each time fails instead of going round).
ALTER TABLE advise_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);
