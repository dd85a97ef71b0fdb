-- Reports count their takings (a report whose node died with it is made again at most a few times) and say
-- why they failed as a code the screen translates, not as the server's own words. Failures kept from before
-- carry no code the screen could word: they read as a server problem.
ALTER TABLE reports ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE reports ALTER COLUMN error TYPE jsonb USING
  CASE WHEN error IS NULL THEN NULL ELSE jsonb_build_object('code', 'server.internal', 'params', '{}'::jsonb) END;
