import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { DB_KINDS, freshDatabase } from '../../../test/harness.js';

/**
 * Migration 044 on an install from before sites and devices had English names: the demo's sites and
 * simulated stations, seeded with both languages in one name, are split into their Chinese and English names
 * where they are still exactly as seeded; anything a group renamed, and other groups' sites, stay.
 */
describe.each(DB_KINDS)('demo names split (%s)', (kind) => {
  it('splits the demo sites and stations still as seeded, once, and leaves the rest', async () => {
    const db = await freshDatabase(kind);
    try {
      // As before migration 044: no English names.
      await db.query('DELETE FROM schema_migrations WHERE version = 44');
      await db.query('ALTER TABLE locations DROP COLUMN name_en');
      await db.query('ALTER TABLE devices DROP COLUMN name_en');
      const id = async (sql: string, params: unknown[] = []) =>
        (await db.query<{ id: number }>(`${sql} RETURNING id::float8 AS id`, params)).rows[0]?.id as number;
      const demo = await id(`INSERT INTO groups (slug, name) VALUES ('demo', '演示单位')`);
      const other = await id(`INSERT INTO groups (slug, name) VALUES ('other', 'Other')`);
      const site = (group: number, name: string) =>
        id(
          `INSERT INTO locations (group_id, name, shape, rings)
           VALUES ($1, $2, '{"type":"Point","coordinates":[113.3,23.4]}', '[]')`,
          [group, name],
        );
      const airport = await site(demo, '广州白云国际机场 (Guangzhou Baiyun Airport)');
      const campus = await site(demo, '华南理工大学五山校区 (SCUT Wushan campus)');
      const renamed = await site(demo, '深圳盐田港 (Shenzhen Yantian Port) 二期');
      const others = await site(other, '深圳盐田港 (Shenzhen Yantian Port)');
      const station = (deviceId: string, name: string) =>
        db.query(
          `INSERT INTO devices (id, group_id, name, kind, model, serial, lat, lon, firmware, status,
             status_since, created_at)
           VALUES ($1, $2, $3, 'station', 'TW-LD1 (simulated)', 'S', 23.5, 113.5, 'sim-1.0', 'offline', now(), now())`,
          [deviceId, demo, name],
        );
      await station('sim-station-1', '从化 Conghua');
      await station('sim-station-2', '深圳南山');

      expect(await migrate(db)).toEqual(['044_location_device_names_en.sql']);

      const names = async () => ({
        sites: (
          await db.query<{ id: number; name: string; name_en: string | null }>(
            'SELECT id::float8 AS id, name, name_en FROM locations ORDER BY id',
          )
        ).rows,
        devices: (
          await db.query<{ id: string; name: string; name_en: string | null }>(
            'SELECT id, name, name_en FROM devices ORDER BY id',
          )
        ).rows,
      });
      const after = await names();
      expect(after.sites).toEqual([
        { id: airport, name: '广州白云国际机场', name_en: 'Guangzhou Baiyun Airport' },
        { id: campus, name: '华南理工大学五山校区', name_en: 'SCUT Wushan campus' },
        // Renamed by its group: its own now.
        { id: renamed, name: '深圳盐田港 (Shenzhen Yantian Port) 二期', name_en: null },
        // Another group's site of that name is not the demo's.
        { id: others, name: '深圳盐田港 (Shenzhen Yantian Port)', name_en: null },
      ]);
      expect(after.devices).toEqual([
        { id: 'sim-station-1', name: '从化', name_en: 'Conghua' },
        { id: 'sim-station-2', name: '深圳南山', name_en: null },
      ]);
      // The columns take what `name` takes, no more.
      await expect(
        db.query('UPDATE locations SET name_en = $1 WHERE id = $2', ['n'.repeat(101), airport]),
      ).rejects.toThrow();

      // Run again (a second node): nothing changes.
      await db.query('DELETE FROM schema_migrations WHERE version = 44');
      expect(await migrate(db)).toEqual(['044_location_device_names_en.sql']);
      expect(await names()).toEqual(after);
    } finally {
      await db.close();
    }
  });
});
