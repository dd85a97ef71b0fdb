-- One weather warning alarm per official warning and location for the warning's whole life (a feed
-- of 510 messages over 18 sites raised 9,180 alarms). A warning's life is its first message and every Update
-- or Cancel that references it, directly or through another; `life_key` names it as `sender,identifier` of
-- that first message (of the earliest message referenced, while the first is not stored here).

ALTER TABLE weather_warnings ADD COLUMN life_key text;
-- Existing rows: follow superseded_by from each message nothing supersedes (the first of its life).
WITH RECURSIVE chain(id, root) AS (
  SELECT w.id, w.id FROM weather_warnings w
   WHERE NOT EXISTS (SELECT 1 FROM weather_warnings p WHERE p.superseded_by = w.id)
  UNION
  SELECT n.id, c.root FROM chain c
    JOIN weather_warnings w ON w.id = c.id
    JOIN weather_warnings n ON n.id = w.superseded_by
)
UPDATE weather_warnings w SET life_key = r.sender || ',' || r.identifier
  FROM (SELECT id, min(root) AS root FROM chain GROUP BY id) c
  JOIN weather_warnings r ON r.id = c.root
 WHERE w.id = c.id;
UPDATE weather_warnings SET life_key = sender || ',' || identifier WHERE life_key IS NULL;
ALTER TABLE weather_warnings ALTER COLUMN life_key SET NOT NULL;
ALTER TABLE weather_warnings ADD CONSTRAINT weather_warnings_life_key_check CHECK (length(life_key) <= 513);
CREATE INDEX weather_warnings_life_idx ON weather_warnings (life_key, sent DESC);

-- The alarm follows its life's newest message (`warning_id`); it is raised once, updated by later messages
-- (a higher colour is told again), cleared by a Cancel or expiry, and opened again if the area returns.
ALTER TABLE weather_warning_alarms ADD COLUMN life_key text;
UPDATE weather_warning_alarms a SET life_key = w.life_key FROM weather_warnings w WHERE w.id = a.warning_id;
-- Existing duplicates fold into one row per life and location: the open one, else the newest; it keeps the
-- first time the life was raised there.
UPDATE weather_warning_alarms a SET raised_at = r.first_raised
  FROM (SELECT id, min(raised_at) OVER (PARTITION BY life_key, location_id) AS first_raised,
               row_number() OVER (PARTITION BY life_key, location_id ORDER BY (cleared_at IS NULL) DESC, id DESC) AS n
          FROM weather_warning_alarms) r
 WHERE r.id = a.id AND r.n = 1;
DELETE FROM weather_warning_alarms a
  USING (SELECT id, row_number() OVER (PARTITION BY life_key, location_id
                                       ORDER BY (cleared_at IS NULL) DESC, id DESC) AS n
           FROM weather_warning_alarms) r
 WHERE r.id = a.id AND r.n > 1;
ALTER TABLE weather_warning_alarms ALTER COLUMN life_key SET NOT NULL;
DROP INDEX weather_warning_alarms_open_idx;
CREATE UNIQUE INDEX weather_warning_alarms_life_idx ON weather_warning_alarms (life_key, location_id);
