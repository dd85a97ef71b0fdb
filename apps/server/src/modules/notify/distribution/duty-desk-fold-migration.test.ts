import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { DB_KINDS, freshDatabase } from '../../../test/harness.js';

const SEEDED = '值班台 (Duty desk)';

/** Migration 043 on an install from before the duty lists: the demo's seeded list folded into its builtin one. */
describe.each(DB_KINDS)('seeded duty desk fold (%s)', (kind) => {
  it('moves the seeded list’s people to the demo group’s duty list and drops it; an edited one stays', async () => {
    const db = await freshDatabase(kind);
    try {
      await db.query('DELETE FROM schema_migrations WHERE version = 43');
      const id = async (sql: string, params: unknown[] = []) =>
        (await db.query<{ id: number }>(`${sql} RETURNING id::float8 AS id`, params)).rows[0]?.id as number;
      const demo = await id(`INSERT INTO groups (slug, name) VALUES ('demo', '演示单位')`);
      const other = await id(`INSERT INTO groups (slug, name) VALUES ('other', 'Other')`);
      const admin = await id(
        `INSERT INTO users (group_id, username, password_hash, role, name) VALUES ($1, 'boss', 'x', 'admin', 'Boss')`,
        [other],
      );
      const list = (group: number, channels: string) =>
        id(
          `INSERT INTO distribution_lists (group_id, name, locations, min_level, channels, recipients, created_by)
           VALUES ($1, $2, '"all"', 1, $3::jsonb, $4::jsonb, $5)`,
          [group, SEEDED, channels, JSON.stringify([{ kind: 'user', value: String(admin) }]), admin],
        );
      const seeded = await list(demo, '["inapp"]');
      const edited = await list(other, '["inapp"]');
      const delivery = await id(
        `INSERT INTO deliveries (idempotency_key, group_id, event, list_id, channel, recipient_kind,
           recipient_value, user_id, address, payload, status, next_attempt_at, created_at)
         VALUES ('k1', $1, 'test', $2, 'inapp', 'user', $3, $4, $3, '{}', 'sent', now(), now())`,
        [demo, seeded, String(admin), admin],
      );

      expect(await migrate(db)).toEqual(['043_fold_seeded_duty_desk.sql']);

      const lists = await db.query<{
        group_id: number;
        name: string;
        builtin: string | null;
        recipients: unknown;
      }>(
        'SELECT group_id::float8 AS group_id, name, builtin, recipients FROM distribution_lists ORDER BY id',
      );
      const demoLists = lists.rows.filter((l) => l.group_id === demo);
      // One list for the demo: its duty list, its administrators and the seeded list's administrator.
      expect(demoLists).toEqual([
        {
          group_id: demo,
          name: 'Duty desk',
          builtin: 'duty',
          recipients: [
            { kind: 'role', value: 'group_admin' },
            { kind: 'user', value: String(admin) },
          ],
        },
      ]);
      // Another group's list of that name is not the seeded one: left alone.
      expect(lists.rows.some((l) => l.group_id === other && l.name === SEEDED)).toBe(true);
      expect(edited).toBeGreaterThan(0);
      // The message sent through it keeps its record.
      const kept = await db.query<{ list_id: number | null }>(
        'SELECT list_id FROM deliveries WHERE id = $1',
        [delivery],
      );
      expect(kept.rows).toEqual([{ list_id: null }]);
      // Run again (a second node): nothing more to fold.
      await db.query('DELETE FROM schema_migrations WHERE version = 43');
      await migrate(db);
      const again = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM distribution_lists WHERE group_id = $1',
        [demo],
      );
      expect(again.rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
