import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { TyphoonAlarm, TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';
import type { AlarmAbout } from '@thunderwatch/shared/schemas/warnings';
import type { Queryable } from '../../../db/database.js';
import type { AlarmDescriber, DescribedAlarm } from '../../warnings/alarms/alarm-descriptions.js';
import { listedRows } from '../../warnings/alarms/site-alarms-repo.js';

export interface TyphoonAlarmFields {
  stormId: number;
  locationId: number;
  groupId: number;
  level: 2 | 3;
  insideGale: boolean;
  distanceKm: number;
  closestAt: Date;
  grade: TyphoonGrade;
}

interface DtoRow {
  id: number;
  storm_key: string;
  name_en: string | null;
  name_zh: string | null;
  location_id: number;
  location_name: string;
  location_name_en: string | null;
  group_id: number;
  level: 2 | 3;
  raised_at: Date;
  cleared_at: Date | null;
  facts: SiteAlarmFacts['typhoon'];
}

const toDto = ({ facts: f, ...r }: DtoRow): TyphoonAlarm => ({
  id: r.id,
  storm: { id: r.storm_key, name_en: r.name_en, name_zh: r.name_zh },
  location_id: r.location_id,
  location_name: r.location_name,
  location_name_en: r.location_name_en,
  group_id: r.group_id,
  level: r.level,
  inside_gale: f.inside_gale,
  distance_km: Math.round(f.distance_km * 10) / 10,
  closest_at: new Date(f.closest_at).toISOString(),
  grade: f.grade,
  raised_at: r.raised_at.toISOString(),
  cleared_at: r.cleared_at?.toISOString() ?? null,
});

/** Typhoon alarms as `/api/weather/typhoon/alarms` lists them (`SiteAlarmsRepo` writes them). */
export class TyphoonAlarmsRepo implements AlarmDescriber<'typhoon'> {
  readonly kind = 'typhoon';

  constructor(private readonly db: Queryable) {}

  /** Each alarm's storm: its names as the latest advisory gives them (its key where it has none). */
  async describe(alarms: readonly DescribedAlarm<'typhoon'>[]): Promise<Map<number, AlarmAbout>> {
    const r = await this.db.query<{
      id: number;
      key: string;
      name_en: string | null;
      name_zh: string | null;
    }>(`SELECT id::float8 AS id, key, name_en, name_zh FROM typhoon_storms WHERE id = ANY($1::bigint[])`, [
      [...new Set(alarms.map((a) => a.facts.storm_id))],
    ]);
    const storms = new Map(r.rows.map((s) => [s.id, s]));
    const out = new Map<number, AlarmAbout>();
    for (const a of alarms) {
      const s = storms.get(Number(a.facts.storm_id));
      if (s) out.set(a.id, { name: s.name_en ?? s.key, name_zh: s.name_zh, warning: null });
    }
    return out;
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<TyphoonAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT a.id::float8 AS id, s.key AS storm_key, s.name_en, s.name_zh, a.location_id::float8 AS location_id,
          l.name AS location_name, l.name_en AS location_name_en, a.group_id::float8 AS group_id, a.level,
          a.created_at AS raised_at, a.cleared_at, a.facts
         FROM alarms a
         JOIN typhoon_storms s ON s.id = (a.facts ->> 'storm_id')::bigint
         JOIN locations l ON l.id = a.location_id
        ${listedRows('typhoon')}`,
      [q.groupId, q.active],
    );
    return r.rows.map(toDto);
  }
}
