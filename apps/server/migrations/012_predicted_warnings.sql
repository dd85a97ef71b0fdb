-- Predicted warnings: a lightning jump near a location raises an early warning before any ring fires.

-- The location's setting: off by default; its range; its level (null: the outermost ring's level).
ALTER TABLE locations ADD COLUMN predict_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE locations ADD COLUMN predict_range_km double precision NOT NULL DEFAULT 40
  CHECK (predict_range_km BETWEEN 1 AND 200);
ALTER TABLE locations ADD COLUMN predict_level smallint CHECK (predict_level BETWEEN 1 AND 3);

-- The engine's predicted state per location (level, since, last threat), beside the rings' state; null:
-- never predicted. `level` of the row is the level shown (the higher of the rings' and the prediction's).
ALTER TABLE warning_states ADD COLUMN predicted jsonb;

-- An episode that began predicted keeps going when a ring fires (one episode per storm): `predicted` says
-- how it began, `ring_at` when a ring first fired in it (the lead the prediction gained is the difference).
ALTER TABLE alerts ADD COLUMN predicted boolean NOT NULL DEFAULT false;
ALTER TABLE alerts ADD COLUMN ring_at timestamptz;
UPDATE alerts SET ring_at = started_at;
CREATE INDEX alerts_predicted_idx ON alerts (group_id, started_at DESC) WHERE predicted;

-- A predicted alarm: the jumping cell it was raised for (null: a ring's alarm).
ALTER TABLE alarms ADD COLUMN predicted_by jsonb;
