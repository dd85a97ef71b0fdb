-- Every group has a duty list from the moment it exists: the in-app inboxes of its administrators (a `role`
-- recipient, resolved to the group's members when a message is sent), for every site and level. Without it a
-- new group's alarms reached nobody until someone wrote a list. `builtin` marks the list a screen names in
-- the reader's language until it is renamed; one per group. Made by a trigger, so every way a group is
-- created (the API, the first start, the database view) gets one; it may be changed or deleted like any list.
ALTER TABLE distribution_lists ADD COLUMN builtin text CHECK (builtin IN ('duty'));
-- A group's lists go with it: a group that could be deleted before (no sites, users or lists of its own) still
-- can, its duty list with it.
ALTER TABLE distribution_lists DROP CONSTRAINT distribution_lists_group_id_fkey;
ALTER TABLE distribution_lists ADD CONSTRAINT distribution_lists_group_id_fkey
  FOREIGN KEY (group_id) REFERENCES groups (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX distribution_lists_duty_idx ON distribution_lists (group_id) WHERE builtin = 'duty';

-- (The migration runner splits statements at a semicolon ending a line: the body's end none.)
CREATE FUNCTION groups_duty_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO distribution_lists (group_id, name, builtin, locations, min_level, channels, recipients)
  VALUES (NEW.id, 'Duty desk', 'duty', '"all"', 1, '["inapp"]', '[{"kind": "role", "value": "group_admin"}]'); RETURN NEW; END
$$;
CREATE TRIGGER groups_duty_list AFTER INSERT ON groups FOR EACH ROW EXECUTE FUNCTION groups_duty_list();

INSERT INTO distribution_lists (group_id, name, builtin, locations, min_level, channels, recipients)
SELECT id, 'Duty desk', 'duty', '"all"', 1, '["inapp"]', '[{"kind": "role", "value": "group_admin"}]'
  FROM groups;
