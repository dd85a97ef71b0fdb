import type { AlarmKind } from '@thunderwatch/shared/alarm-kinds';
import type { AlarmDto, PredictedBy } from '@thunderwatch/shared/schemas/warnings';
import type { RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../../db/database.js';
import type { AlarmDescriptions } from './alarm-descriptions.js';

export interface AlarmFilter {
  /** null: every group (admins). */
  groupId: number | null;
  /** Kinds, or every kind (default: lightning). */
  kind?: readonly (AlarmKind | 'all')[];
  /** Site alarms not cleared (true) or cleared (false). */
  open?: boolean;
  confirmed?: boolean;
  level?: number;
  locationId?: number;
  /** On created_at: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
}

export interface AlarmRow {
  id: number;
  kind: AlarmKind;
  alert_id: number | null;
  location_id: number;
  location_name: string;
  location_name_en: string | null;
  group_id: number;
  level: number;
  previous_level: number | null;
  subject: string | null;
  created_at: Date;
  cleared_at: Date | null;
  nearest_km: number | null;
  bearing_deg: number | null;
  confirmed_at: Date | null;
  confirmed_by_id: number | null;
  confirmed_by_name: string | null;
  note: string | null;
  predicted_by: PredictedBy | null;
  facts: Record<string, unknown> | null;
}

/**
 * The select list and joins `toAlarmDto` reads: `SELECT ${alarmColumns} FROM ${alarmJoins} WHERE …`.
 * Alarms predicted before nowcast threats were all lightning jumps: their `predicted_by` has no reason.
 */
export const alarmColumns = `m.id, m.kind, m.alert_id, m.location_id, l.name AS location_name,
  l.name_en AS location_name_en, m.group_id, m.level, m.previous_level, m.subject, m.created_at, m.cleared_at,
  m.nearest_km, m.bearing_deg, m.confirmed_at,
  u.id AS confirmed_by_id, u.name AS confirmed_by_name, m.note,
  '{"reason": "jump"}'::jsonb || m.predicted_by AS predicted_by,
  CASE WHEN m.kind = 'lightning' THEN NULL ELSE m.facts END AS facts`;
export const alarmJoins = `alarms m JOIN locations l ON l.id = m.location_id
  LEFT JOIN users u ON u.id = m.confirmed_by`;

export function toAlarmDto(r: AlarmRow): AlarmDto {
  return {
    id: r.id,
    kind: r.kind,
    alert_id: r.alert_id,
    location_id: r.location_id,
    location_name: r.location_name,
    location_name_en: r.location_name_en,
    group_id: r.group_id,
    level: r.level as RingLevel,
    previous_level: r.previous_level as AlarmDto['previous_level'],
    subject: r.subject,
    created_at: r.created_at.toISOString(),
    cleared_at: r.cleared_at?.toISOString() ?? null,
    nearest_km: r.nearest_km,
    bearing_deg: r.bearing_deg,
    confirmed_at: r.confirmed_at?.toISOString() ?? null,
    // A confirmer whose account was deleted since still confirmed it; only their name is gone.
    confirmed_by:
      r.confirmed_by_id === null ? null : { id: r.confirmed_by_id, name: r.confirmed_by_name ?? '' },
    note: r.note,
    predicted_by: r.predicted_by ?? null,
    facts: r.facts ?? null,
    about: null,
  };
}

function whereOf(f: AlarmFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [f.groupId];
  const conditions = ['($1::bigint IS NULL OR m.group_id = $1)'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  const kinds = f.kind ?? ['lightning'];
  if (!kinds.includes('all')) add('m.kind = ANY(?::text[])', kinds);
  if (f.open !== undefined) conditions.push(f.open ? 'm.cleared_at IS NULL' : 'm.cleared_at IS NOT NULL');
  if (f.confirmed !== undefined)
    conditions.push(f.confirmed ? 'm.confirmed_at IS NOT NULL' : 'm.confirmed_at IS NULL');
  if (f.level !== undefined) add('m.level = ?', f.level);
  if (f.locationId !== undefined) add('m.location_id = ?', f.locationId);
  if (f.from) add('m.created_at >= ?', f.from);
  if (f.to) add('m.created_at < ?', f.to);
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

/** Alarms of every kind as the lists and confirmations read them, each described by its kind's area. */
export class AlarmsRepo {
  constructor(
    private readonly db: Queryable,
    private readonly descriptions: Pick<AlarmDescriptions, 'describe'>,
  ) {}

  /** Newest first. */
  async list(f: AlarmFilter, limit: number, offset: number): Promise<{ items: AlarmDto[]; total: number }> {
    const { where, params } = whereOf(f);
    const n = params.length;
    const [items, total] = await Promise.all([
      this.db.query<AlarmRow>(
        `SELECT ${alarmColumns} FROM ${alarmJoins} ${where}
         ORDER BY m.created_at DESC, m.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, limit, offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM alarms m ${where}`, params),
    ]);
    return {
      items: await this.descriptions.describe(items.rows.map(toAlarmDto)),
      total: total.rows[0]?.n ?? 0,
    };
  }

  /** `scope` null reads any group; otherwise another group's alarm is absent. */
  async findById(id: number, scope: number | null, db: Queryable = this.db): Promise<AlarmDto | null> {
    const r = await db.query<AlarmRow>(
      `SELECT ${alarmColumns} FROM ${alarmJoins} WHERE m.id = $1 AND ($2::bigint IS NULL OR m.group_id = $2)`,
      [id, scope],
    );
    if (!r.rows[0]) return null;
    const [described] = await this.descriptions.describe([toAlarmDto(r.rows[0])]);
    return described ?? null;
  }

  /** Confirms an alarm of any kind once: a second confirmation keeps the first one's who, when and note. */
  async confirm(id: number, userId: number, note: string | null, at: Date, tx: Queryable): Promise<boolean> {
    const r = await tx.query(
      `UPDATE alarms SET confirmed_at = $3, confirmed_by = $2, note = $4 WHERE id = $1 AND confirmed_at IS NULL`,
      [id, userId, at, note],
    );
    return r.rowCount > 0;
  }
}
