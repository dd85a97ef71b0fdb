import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { DB_KINDS, freshDatabase } from '../../../test/harness.js';
import { TyphoonAlarmsRepo } from '../../weather/typhoon/typhoon-alarms-repo.js';
import { WeatherWarningAlarmsRepo } from '../../weather/warnings/weather-warning-alarms-repo.js';
import { WeatherWarningsRepo } from '../../weather/warnings/weather-warnings-repo.js';
import { WaveAlarmsRepo } from '../../weather/waves/wave-alarms-repo.js';
import { SiteAlarmsRepo } from './site-alarms-repo.js';

/** The schema of wave, typhoon, flight and weather warning alarms as migrations 015–034 made it, before 037. */
const BEFORE_037 = [
  'DROP INDEX alarms_open_subject_idx',
  'DROP INDEX alarms_kind_group_time_idx',
  'DROP INDEX alarms_life_idx',
  'DROP INDEX alarms_warning_idx',
  'ALTER TABLE alarms DROP CONSTRAINT alarms_kind_fields_check',
  'ALTER TABLE alarms DROP COLUMN kind',
  'ALTER TABLE alarms DROP COLUMN subject',
  'ALTER TABLE alarms DROP COLUMN facts',
  'ALTER TABLE alarms DROP COLUMN updated_at',
  'ALTER TABLE alarms DROP COLUMN cleared_at',
  'ALTER TABLE alarms ALTER COLUMN alert_id SET NOT NULL',
  'ALTER TABLE alarms ALTER COLUMN previous_level SET NOT NULL',
  `CREATE TABLE wave_alarms (id bigserial PRIMARY KEY, station_id text NOT NULL REFERENCES weather_stations (id),
     location_id bigint NOT NULL REFERENCES locations (id), group_id bigint NOT NULL REFERENCES groups (id),
     level smallint NOT NULL, distance_km double precision NOT NULL, threshold_m real NOT NULL,
     height_m real NOT NULL, max_height_m real NOT NULL, reading_at timestamptz NOT NULL,
     raised_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, cleared_at timestamptz)`,
  `CREATE TABLE typhoon_alarms (id bigserial PRIMARY KEY,
     storm_id bigint NOT NULL REFERENCES typhoon_storms (id) ON DELETE CASCADE,
     location_id bigint NOT NULL REFERENCES locations (id), group_id bigint NOT NULL REFERENCES groups (id),
     level smallint NOT NULL, inside_gale boolean NOT NULL, distance_km double precision NOT NULL,
     closest_at timestamptz NOT NULL, grade text NOT NULL, raised_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL, cleared_at timestamptz)`,
  `CREATE TABLE flight_alarms (id bigserial PRIMARY KEY, icao24 text NOT NULL, callsign text,
     location_id bigint NOT NULL REFERENCES locations (id), group_id bigint NOT NULL REFERENCES groups (id),
     level smallint NOT NULL, distance_km double precision NOT NULL, altitude_m real, cell_id text,
     raised_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, cleared_at timestamptz)`,
  `CREATE TABLE weather_warning_alarms (id bigserial PRIMARY KEY,
     warning_id bigint NOT NULL REFERENCES weather_warnings (id) ON DELETE CASCADE,
     location_id bigint NOT NULL REFERENCES locations (id), group_id bigint NOT NULL REFERENCES groups (id),
     level smallint NOT NULL, raised_at timestamptz NOT NULL, cleared_at timestamptz, life_key text NOT NULL)`,
  'CREATE UNIQUE INDEX weather_warning_alarms_life_idx ON weather_warning_alarms (life_key, location_id)',
  'DELETE FROM schema_migrations WHERE version = 37',
];

const T = (minute: number) => new Date(Date.UTC(2026, 7, 1, 4, minute));

/** Migration 037 on alarms stored before it: every kind in `alarms`, the data kept, lightning ids unchanged. */
describe.each(DB_KINDS)('one alarm table migration (%s)', (kind) => {
  it('moves every kind of alarm into alarms with its facts, and keeps one open per subject', async () => {
    const db = await freshDatabase(kind);
    try {
      for (const sql of BEFORE_037) await db.query(sql);
      const one = async (sql: string, params: unknown[] = []) =>
        (await db.query<{ id: number }>(sql, params)).rows[0]?.id as number;
      const group = await one(
        `INSERT INTO groups (slug, name) VALUES ('one', 'One') RETURNING id::float8 AS id`,
      );
      const site = await one(
        `INSERT INTO locations (group_id, name, shape, rings)
         VALUES ($1, 'Harbour', '{"type":"Point","coordinates":[114,22.5]}', '[]') RETURNING id::float8 AS id`,
        [group],
      );
      const alert = await one(
        `INSERT INTO alerts (location_id, group_id, started_at, peak_level) VALUES ($1, $2, $3, 2)
         RETURNING id::float8 AS id`,
        [site, group, T(0)],
      );
      const lightning = await one(
        `INSERT INTO alarms (id, alert_id, location_id, group_id, level, previous_level, created_at)
         VALUES (41, $1, $2, $3, 2, 0, $4) RETURNING id::float8 AS id`,
        [alert, site, group, T(0)],
      );
      await db.query(`SELECT setval('alarms_id_seq', 41)`);
      await db.query(
        `INSERT INTO weather_stations (id, name, lat, lon, source) VALUES ('B1', 'Buoy 1', 22.4, 114.1, 'test')`,
      );
      const storm = await one(
        `INSERT INTO typhoon_storms (key, format, basin, year, name_en, name_zh, source)
         VALUES ('2026-09', 'cma', 'WP', 2026, 'Kai', '凯', 'test') RETURNING id::float8 AS id`,
      );
      const wave = await one(
        `INSERT INTO wave_alarms (id, station_id, location_id, group_id, level, distance_km, threshold_m, height_m,
           max_height_m, reading_at, raised_at, updated_at)
         VALUES (7, 'B1', $1, $2, 3, 12.34, 2.5, 3.9, 4.2, $3, $3, $4) RETURNING id::float8 AS id`,
        [site, group, T(1), T(2)],
      );
      await db.query(
        `INSERT INTO typhoon_alarms (id, storm_id, location_id, group_id, level, inside_gale, distance_km,
           closest_at, grade, raised_at, updated_at, cleared_at)
         VALUES (7, $1, $2, $3, 2, false, 180.5, $4, 'STS', $5, $6, $6)`,
        [storm, site, group, T(30), T(3), T(4)],
      );
      await db.query(
        `INSERT INTO flight_alarms (id, icao24, callsign, location_id, group_id, level, distance_km, altitude_m,
           cell_id, raised_at, updated_at)
         VALUES (7, '780a3b', 'CSN3101', $1, $2, 2, 18.2, 2400, 'c-12', $3, $3)`,
        [site, group, T(5)],
      );

      const warning = await one(
        `INSERT INTO weather_warnings (identifier, sender, sent, msg_type, status, scope, kind, level, event,
           language, languages, urgency, severity, certainty, raw_xml, life_key)
         VALUES ('w1', 'sz', $1, 'Alert', 'Actual', 'Public', 'rainstorm', 'orange', 'Rainstorm', 'zh', '{zh}',
           'Expected', 'Severe', 'Likely', '<alert/>', 'sz,w1') RETURNING id::float8 AS id`,
        [T(6)],
      );
      await db.query(
        `INSERT INTO weather_warning_alarms (id, warning_id, location_id, group_id, level, raised_at, cleared_at,
           life_key)
         VALUES (7, $1, $2, $3, 2, $4, $5, 'sz,w1')`,
        [warning, site, group, T(6), T(8)],
      );

      expect(await migrate(db)).toEqual(['037_one_alarm_table.sql']);

      const rows = await db.query<{ id: number; kind: string; subject: string | null; level: number }>(
        `SELECT id::float8 AS id, kind, subject, level FROM alarms ORDER BY id`,
      );
      expect(rows.rows.map((r) => [r.kind, r.subject, r.level])).toEqual([
        ['lightning', null, 2],
        ['wave', 'station:B1', 3],
        ['typhoon', `storm:${storm}`, 2],
        ['flight', 'aircraft:780a3b', 2],
        ['weather_warning', 'life:sz,w1', 2],
      ]);
      // Lightning alarms keep their ids; the moved ones follow in the one sequence.
      expect(rows.rows[0]?.id).toBe(lightning);
      const [waveId, typhoonId, flightId, lifeId] = rows.rows.slice(1).map((r) => r.id);
      expect(waveId).toBeGreaterThan(lightning);
      const tables = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables
          WHERE tablename IN ('wave_alarms', 'typhoon_alarms', 'flight_alarms', 'weather_warning_alarms')`,
      );
      expect(tables.rows[0]?.n).toBe(0);

      // The lists answer as before, from the moved rows.
      const [waves] = await new WaveAlarmsRepo(db).list({ groupId: group, active: null });
      expect(waves).toEqual({
        id: waveId,
        station: { id: 'B1', name: 'Buoy 1', name_en: null, lat: 22.4, lon: 114.1 },
        location_id: site,
        location_name: 'Harbour',
        location_name_en: null,
        group_id: group,
        level: 3,
        distance_km: 12.3,
        threshold_m: 2.5,
        height_m: 3.9,
        max_height_m: 4.2,
        reading_at: T(1).toISOString(),
        raised_at: T(1).toISOString(),
        cleared_at: null,
      });
      const [typhoon] = await new TyphoonAlarmsRepo(db).list({ groupId: null, active: false });
      expect(typhoon).toMatchObject({
        id: typhoonId,
        storm: { id: '2026-09', name_en: 'Kai', name_zh: '凯' },
        level: 2,
        inside_gale: false,
        distance_km: 180.5,
        closest_at: T(30).toISOString(),
        grade: 'STS',
        raised_at: T(3).toISOString(),
        cleared_at: T(4).toISOString(),
      });
      const alarms = new SiteAlarmsRepo(db);
      const [life] = await new WeatherWarningAlarmsRepo(db, alarms).list({ groupId: group, active: false });
      expect(life).toEqual({
        id: lifeId,
        warningId: warning,
        kind: 'rainstorm',
        level: 'orange',
        event: 'Rainstorm',
        headline: null,
        expires: null,
        locationId: site,
        locationName: 'Harbour',
        locationNameEn: null,
        groupId: group,
        raisedAt: T(6).toISOString(),
        clearedAt: T(8).toISOString(),
      });
      // A life has one alarm per location, cleared or not: raising it again opens nothing.
      const again = { subject: 'life:sz,w1', locationId: site, groupId: group, level: 2 };
      expect(
        await alarms.raise('weather_warning', { ...again, facts: { warning_id: warning } }, T(9), db),
      ).toBeNull();
      const [flight] = await alarms.list('flight', { groupId: null, active: true }, 10);
      expect(flight).toMatchObject({
        id: flightId,
        facts: { legacy_id: 7, icao24: '780a3b', callsign: 'CSN3101', altitude_m: 2400, cell_id: 'c-12' },
      });
      expect(flight?.facts.distance_km).toBeCloseTo(18.2, 5);
      expect((await alarms.open('wave')).map((a) => a.facts.legacy_id)).toEqual([wave]);

      // Still one open alarm per subject and location: a second raise loses, a raise after the clear opens one.
      const fields = {
        subject: 'station:B1',
        locationId: site,
        groupId: group,
        level: 2,
        facts: {
          station_id: 'B1',
          distance_km: 12,
          threshold_m: 2.5,
          height_m: 2.6,
          max_height_m: 2.6,
          reading_at: T(9).toISOString(),
        },
      };
      expect(await alarms.raise('wave', fields, T(9), db)).toBeNull();
      await alarms.clear([waveId as number], T(10), db);
      expect(await alarms.raise('wave', fields, T(11), db)).toBeGreaterThan(flightId as number);

      // A purged warning takes its alarms with it, as the cascade of its former table did.
      await db.query(`UPDATE weather_warnings SET closed_at = $2, closed_reason = 'expired' WHERE id = $1`, [
        warning,
        T(8),
      ]);
      expect(await new WeatherWarningsRepo(db).purgeClosedBefore(T(12))).toBe(1);
      const left = await db.query<{ kind: string }>(`SELECT kind FROM alarms WHERE kind = 'weather_warning'`);
      expect(left.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
