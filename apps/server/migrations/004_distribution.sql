-- Distribution lists: who of a group is told of which alarms, through which channels, when, and who next.

CREATE TABLE distribution_lists (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  name text NOT NULL,
  -- "all", or an array of location ids of the group.
  locations jsonb NOT NULL,
  min_level smallint NOT NULL CHECK (min_level BETWEEN 1 AND 3),
  channels jsonb NOT NULL,
  recipients jsonb NOT NULL,
  quiet_hours jsonb,
  escalate_after_min integer CHECK (escalate_after_min BETWEEN 1 AND 1440),
  escalate_to jsonb,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distribution_lists_group_idx ON distribution_lists (group_id);
