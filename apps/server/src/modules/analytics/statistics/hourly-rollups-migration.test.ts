import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { DB_KINDS, freshDatabase } from '../../../test/harness.js';

/** The daily rollup tables as migration 028 made them, before 040. */
const BEFORE_040 = [
  'DROP TABLE stroke_rollup_region',
  'DROP TABLE stroke_rollup_cell',
  'ALTER TABLE stroke_rollup_region_utc_day RENAME TO stroke_rollup_region',
  'ALTER TABLE stroke_rollup_region RENAME CONSTRAINT stroke_rollup_region_utc_day_pkey TO stroke_rollup_region_pkey',
  'ALTER INDEX stroke_rollup_region_utc_day_day_idx RENAME TO stroke_rollup_region_day_idx',
  'ALTER TABLE stroke_rollup_cell_utc_day RENAME TO stroke_rollup_cell',
  'ALTER TABLE stroke_rollup_cell RENAME CONSTRAINT stroke_rollup_cell_utc_day_pkey TO stroke_rollup_cell_pkey',
  'ALTER INDEX stroke_rollup_cell_utc_day_day_idx RENAME TO stroke_rollup_cell_day_idx',
  'DELETE FROM schema_migrations WHERE version = 40',
];
const ones = (n: number) => Array.from({ length: n }, () => '1').join(', ');

/**
 * Migration 040 on daily rollups stored before it: the daily rows are kept, unchanged, as UTC-day history; the
 * hourly tables start empty (no partial row is made from a daily one) and take the ingest's rows.
 */
describe.each(DB_KINDS)('hourly rollups migration (%s)', (kind) => {
  it('keeps the daily rows as *_utc_day history and starts the hourly tables empty', async () => {
    const db = await freshDatabase(kind);
    try {
      for (const sql of BEFORE_040) await db.query(sql);
      await db.query(
        `INSERT INTO stroke_rollup_region VALUES ('440100', '2025-07-10', ${ones(26 + 48)}, now(), now())`,
      );
      await db.query(
        `INSERT INTO stroke_rollup_cell VALUES (231, 1132, '2025-07-10', ${ones(26 + 48)}, now(), now())`,
      );
      expect(await migrate(db)).toEqual(['040_hourly_stroke_rollups.sql']);
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
      expect(await count('stroke_rollup_region_utc_day')).toBe(1);
      expect(await count('stroke_rollup_cell_utc_day')).toBe(1);
      expect(await count('stroke_rollup_region')).toBe(0);
      expect(await count('stroke_rollup_cell')).toBe(0);
      const kept = await db.query<{ day: string; h0: number }>(
        "SELECT to_char(day, 'YYYY-MM-DD') AS day, h0 FROM stroke_rollup_region_utc_day",
      );
      expect(kept.rows).toEqual([{ day: '2025-07-10', h0: 1 }]);
      // An hour's row goes in once per key; a time that is not an hour's start is refused.
      const row = (hour: string) =>
        db.query(`INSERT INTO stroke_rollup_region VALUES ('440100', $1, ${ones(26)}, now(), now())`, [hour]);
      await row('2025-07-10T17:00:00Z');
      await expect(row('2025-07-10T17:00:00Z')).rejects.toThrow();
      await expect(row('2025-07-10T17:30:00Z')).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
