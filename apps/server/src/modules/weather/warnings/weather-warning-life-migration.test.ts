import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { DB_KINDS, freshDatabase } from '../../../test/harness.js';

/** Migration 034 on alarms stored before it: one per warning life and location, the data kept. */
describe.each(DB_KINDS)('weather warning lives migration (%s)', (kind) => {
  it('keys each message by its first one and folds duplicate alarms into one per life and location', async () => {
    const db = await freshDatabase(kind);
    try {
      // The schema as before 034: the alarms in their own table as 017 made it (037 moved them to `alarms`).
      for (const sql of [
        `CREATE TABLE weather_warning_alarms (id bigserial PRIMARY KEY,
           warning_id bigint NOT NULL REFERENCES weather_warnings (id) ON DELETE CASCADE,
           location_id bigint NOT NULL REFERENCES locations (id), group_id bigint NOT NULL REFERENCES groups (id),
           level smallint NOT NULL CHECK (level IN (1, 2, 3)), raised_at timestamptz NOT NULL,
           cleared_at timestamptz)`,
        'ALTER TABLE weather_warnings DROP COLUMN life_key',
        `CREATE UNIQUE INDEX weather_warning_alarms_open_idx ON weather_warning_alarms (warning_id, location_id)
           WHERE cleared_at IS NULL`,
        'DELETE FROM schema_migrations WHERE version = 34',
      ])
        await db.query(sql);
      const group = (
        await db.query<{ id: number }>(
          `INSERT INTO groups (slug, name) VALUES ('life', 'Life') RETURNING id::float8 AS id`,
        )
      ).rows[0]?.id;
      const site = async (name: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO locations (group_id, name, shape, rings)
             VALUES ($1, $2, '{"type":"Point","coordinates":[114,22.5]}', '[]') RETURNING id::float8 AS id`,
            [group, name],
          )
        ).rows[0]?.id as number;
      const [a, b] = [await site('A'), await site('B')];
      const warning = async (identifier: string, minute: number, msgType: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO weather_warnings (identifier, sender, sent, msg_type, status, scope, kind, level, event,
               language, languages, urgency, severity, certainty, raw_xml)
             VALUES ($1, 'sz', $2, $3, 'Actual', 'Public', 'rainstorm', 'yellow', 'e', 'zh', '{zh}', 'Expected',
               'Moderate', 'Likely', '<alert/>') RETURNING id::float8 AS id`,
            [identifier, new Date(Date.UTC(2024, 5, 1, 4, minute)), msgType],
          )
        ).rows[0]?.id as number;
      const w1 = await warning('w1', 1, 'Alert');
      const w2 = await warning('w2', 2, 'Update');
      const w3 = await warning('w3', 3, 'Update');
      const other = await warning('x1', 4, 'Alert');
      const supersede = (old: number, by: number) =>
        db.query(
          `UPDATE weather_warnings SET closed_at = now(), closed_reason = 'superseded', superseded_by = $2
            WHERE id = $1`,
          [old, by],
        );
      await supersede(w1, w2);
      await supersede(w2, w3);
      const alarm = async (warningId: number, location: number, minute: number, cleared: boolean) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO weather_warning_alarms (warning_id, location_id, group_id, level, raised_at, cleared_at)
             VALUES ($1, $2, $3, 1, $4, CASE WHEN $5::boolean THEN $4::timestamptz END) RETURNING id::float8 AS id`,
            [warningId, location, group, new Date(Date.UTC(2024, 5, 1, 4, minute)), cleared],
          )
        ).rows[0]?.id as number;
      await alarm(w1, a, 1, true);
      await alarm(w2, a, 2, true);
      const kept = await alarm(w3, a, 3, false);
      const onlyB = await alarm(w1, b, 1, true);
      const otherA = await alarm(other, a, 4, false);

      expect(await migrate(db)).toEqual(['034_weather_warning_life.sql']);

      const lives = await db.query<{ identifier: string; life_key: string }>(
        'SELECT identifier, life_key FROM weather_warnings ORDER BY identifier',
      );
      expect(lives.rows).toEqual([
        { identifier: 'w1', life_key: 'sz,w1' },
        { identifier: 'w2', life_key: 'sz,w1' },
        { identifier: 'w3', life_key: 'sz,w1' },
        { identifier: 'x1', life_key: 'sz,x1' },
      ]);
      const alarms = await db.query<{ id: number; life_key: string; cleared: boolean; raised_at: Date }>(
        `SELECT id::float8 AS id, life_key, cleared_at IS NOT NULL AS cleared, raised_at
           FROM weather_warning_alarms ORDER BY id`,
      );
      expect(alarms.rows).toEqual([
        // The open one stays, raised when the life first reached the site.
        { id: kept, life_key: 'sz,w1', cleared: false, raised_at: new Date(Date.UTC(2024, 5, 1, 4, 1)) },
        { id: onlyB, life_key: 'sz,w1', cleared: true, raised_at: new Date(Date.UTC(2024, 5, 1, 4, 1)) },
        { id: otherA, life_key: 'sz,x1', cleared: false, raised_at: new Date(Date.UTC(2024, 5, 1, 4, 4)) },
      ]);
      await expect(
        db.query(
          `INSERT INTO weather_warning_alarms (life_key, warning_id, location_id, group_id, level, raised_at)
           VALUES ('sz,w1', $1, $2, $3, 1, now())`,
          [w1, a, group],
        ),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.close();
    }
  });
});
