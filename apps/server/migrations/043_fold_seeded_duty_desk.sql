-- Installs from before the duty lists (038) keep the demo group's seeded "值班台 (Duty desk)" list (in-app,
-- every site and level, to the first administrator) beside the demo group's builtin duty list, which the
-- first start now extends instead: two lists telling the same people. Where the seeded list is still as it
-- was seeded (in-app only, every site), its recipients join the builtin list (those it lacks) and it goes;
-- deliveries made through it keep their record (their list_id becomes null). An edited one is left alone.
UPDATE distribution_lists d
   SET recipients = d.recipients || (
     SELECT coalesce(jsonb_agg(DISTINCT r), '[]'::jsonb)
       FROM distribution_lists s, jsonb_array_elements(s.recipients) r
      WHERE s.group_id = d.group_id AND s.builtin IS NULL AND s.name = '值班台 (Duty desk)'
        AND s.locations = '"all"'::jsonb AND s.channels = '["inapp"]'::jsonb
        AND NOT d.recipients @> jsonb_build_array(r))
 WHERE d.builtin = 'duty'
   AND d.group_id IN (SELECT id FROM groups WHERE slug = 'demo');
DELETE FROM distribution_lists
 WHERE builtin IS NULL AND name = '值班台 (Duty desk)'
   AND locations = '"all"'::jsonb AND channels = '["inapp"]'::jsonb
   AND group_id IN (SELECT id FROM groups WHERE slug = 'demo');
