import type { AlarmAbout } from '@thunderwatch/shared/schemas/warnings';
import type { WeatherWarningAlarm, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import type { Queryable } from '../../../db/database.js';
import type { AlarmDescriber, DescribedAlarm } from '../../warnings/alarms/alarm-descriptions.js';
import { listedRows, type SiteAlarmsRepo } from '../../warnings/alarms/site-alarms-repo.js';

/** An alarm as the evaluation compares it: its life, location, message and that message's colour. */
export interface LifeAlarm {
  id: number;
  life_key: string;
  warning_id: number;
  location_id: number;
  level: number;
  colour: WeatherWarningLevel;
  cleared: boolean;
}

export interface WarningAlarmFields {
  lifeKey: string;
  warningId: number;
  locationId: number;
  groupId: number;
  level: 1 | 2 | 3;
}

/** A life's alarms are `alarms` rows of kind `weather_warning` whose subject is `life:<life_key>`. */
const lifeSubject = (lifeKey: string) => `life:${lifeKey}`;
const WARNING_OF = "w.id = (a.facts ->> 'warning_id')::bigint";

const LIFE_ALARM = `a.id::float8 AS id, substr(a.subject, 6) AS life_key, w.id::float8 AS warning_id,
  a.location_id::float8 AS location_id, a.level, w.level AS colour, a.cleared_at IS NOT NULL AS cleared
  FROM alarms a JOIN weather_warnings w ON ${WARNING_OF}`;

interface DtoRow {
  id: number;
  warning_id: number;
  kind: WeatherWarningAlarm['kind'];
  colour: WeatherWarningAlarm['level'];
  event: string;
  headline: string | null;
  expires: Date | null;
  location_id: number;
  location_name: string;
  location_name_en: string | null;
  group_id: number;
  raised_at: Date;
  cleared_at: Date | null;
}

/**
 * Weather warning alarms: one per warning life and location (a unique index), following the life's newest
 * message. Opened and cleared through `SiteAlarmsRepo`; followed, and listed, here.
 */
export class WeatherWarningAlarmsRepo implements AlarmDescriber<'weather_warning'> {
  readonly kind = 'weather_warning';

  constructor(
    private readonly db: Queryable,
    private readonly alarms: SiteAlarmsRepo,
  ) {}

  /** Each alarm's warning: its life's newest message, which the alarm follows. */
  async describe(alarms: readonly DescribedAlarm<'weather_warning'>[]): Promise<Map<number, AlarmAbout>> {
    const r = await this.db.query<{
      id: number;
      kind: WeatherWarningAlarm['kind'];
      colour: WeatherWarningLevel;
      event: string;
      headline: string | null;
      expires: Date | null;
    }>(
      `SELECT id::float8 AS id, kind, level AS colour, event, headline, expires
         FROM weather_warnings WHERE id = ANY($1::bigint[])`,
      [[...new Set(alarms.map((a) => a.facts.warning_id))]],
    );
    const warnings = new Map(r.rows.map((w) => [w.id, w]));
    const out = new Map<number, AlarmAbout>();
    for (const a of alarms) {
      const w = warnings.get(Number(a.facts.warning_id));
      if (!w) continue;
      const { id: _, expires, ...warning } = w;
      out.set(a.id, {
        name: w.headline ?? w.event,
        name_zh: null,
        warning: { ...warning, expires: expires?.toISOString() ?? null },
      });
    }
    return out;
  }

  /** The open alarms, and the cleared ones of the lives `lives` (the evaluation may open them again). */
  async current(lives: readonly string[], tx: Queryable): Promise<LifeAlarm[]> {
    const r = await tx.query<LifeAlarm>(
      `SELECT ${LIFE_ALARM}
        WHERE a.kind = 'weather_warning' AND (a.cleared_at IS NULL OR a.subject = ANY($1::text[]))`,
      [lives.map(lifeSubject)],
    );
    return r.rows;
  }

  /** Opens the life's alarm at the location unless it has one (another node's evaluation); its id if new. */
  raise(f: WarningAlarmFields, at: Date, tx: Queryable): Promise<number | null> {
    const { lifeKey, warningId, ...where } = f;
    return this.alarms.raise(
      'weather_warning',
      { ...where, subject: lifeSubject(lifeKey), facts: { warning_id: warningId } },
      at,
      tx,
    );
  }

  /** The alarm follows its life's newest message (and is open again if it was cleared). */
  async follow(id: number, f: WarningAlarmFields, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE alarms SET facts = facts || jsonb_build_object('warning_id', $2::bigint), level = $3, group_id = $4,
         cleared_at = NULL, updated_at = $5
       WHERE id = $1 AND kind = 'weather_warning'`,
      [id, f.warningId, f.level, f.groupId, at],
    );
  }

  clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    return this.alarms.clear(ids, at, tx);
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<WeatherWarningAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT a.id::float8 AS id, w.id::float8 AS warning_id, w.kind, w.level AS colour, w.event, w.headline,
          w.expires, a.location_id::float8 AS location_id, l.name AS location_name, l.name_en AS location_name_en,
          a.group_id::float8 AS group_id, a.created_at AS raised_at, a.cleared_at
        FROM alarms a
        JOIN weather_warnings w ON ${WARNING_OF}
        JOIN locations l ON l.id = a.location_id
        ${listedRows('weather_warning')}`,
      [q.groupId, q.active],
    );
    return r.rows.map((x) => ({
      id: x.id,
      warningId: x.warning_id,
      kind: x.kind,
      level: x.colour,
      event: x.event,
      headline: x.headline,
      expires: x.expires?.toISOString() ?? null,
      locationId: x.location_id,
      locationName: x.location_name,
      locationNameEn: x.location_name_en,
      groupId: x.group_id,
      raisedAt: x.raised_at.toISOString(),
      clearedAt: x.cleared_at?.toISOString() ?? null,
    }));
  }
}
