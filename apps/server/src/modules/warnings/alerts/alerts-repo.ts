import { episodeWarning } from '@thunderwatch/domain/warnings/warning-skill';
import type { AlertDto, AlertStroke } from '@thunderwatch/shared/schemas/alerts';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../../db/database.js';

export interface AlertFilter {
  /** null: every group (admins). */
  groupId: number | null;
  locationId?: number;
  peakLevel?: number;
  /** true: still going on; false: ended. */
  open?: boolean;
  /** On started_at: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
  /** true: episodes a prediction began; false: those a ring began. */
  predicted?: boolean;
}

/** The alert's location as CAP needs it (read even when the location was deleted since). */
export interface AlertWithSite {
  alert: AlertDto;
  shape: LocationShape;
  rings: Ring[];
  timeZone: string;
  groupName: string;
}

export interface AlertRow {
  id: number;
  location_id: number;
  location_name: string;
  location_name_en: string | null;
  group_id: number;
  started_at: Date;
  ended_at: Date | null;
  peak_level: number;
  first_stroke: AlertStroke | null;
  nearest_km: number | null;
  ring_counts: AlertDto['ring_counts'];
  timeline: { at: string; level: Level; predicted?: boolean }[];
  predicted: boolean;
  ring_at: Date | null;
}

/** The select list `toAlertDto` reads, for `alerts a JOIN locations l`. */
export const alertColumns = `a.id, a.location_id, l.name AS location_name, l.name_en AS location_name_en, a.group_id,
  a.started_at, a.ended_at, a.peak_level, a.first_stroke, a.nearest_km, a.ring_counts, a.timeline, a.predicted,
  a.ring_at`;

export function toAlertDto(r: AlertRow): AlertDto {
  return {
    id: r.id,
    location_id: r.location_id,
    location_name: r.location_name,
    location_name_en: r.location_name_en,
    group_id: r.group_id,
    started_at: r.started_at.toISOString(),
    ended_at: r.ended_at?.toISOString() ?? null,
    peak_level: r.peak_level as RingLevel,
    first_stroke: r.first_stroke,
    nearest_km: r.nearest_km,
    ring_counts: r.ring_counts ?? [],
    predicted: r.predicted,
    // Rows from before predictions existed: a ring began them.
    ring_at: (r.ring_at ?? (r.predicted ? null : r.started_at))?.toISOString() ?? null,
    predicted_lead_min:
      r.predicted && r.ring_at ? round1((r.ring_at.getTime() - r.started_at.getTime()) / 60_000) : null,
    timeline: r.timeline ?? [],
    ...innerWarning(r),
  };
}

function whereOf(f: AlertFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [f.groupId];
  const conditions = ['($1::bigint IS NULL OR a.group_id = $1)'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (f.locationId !== undefined) add('a.location_id = ?', f.locationId);
  if (f.peakLevel !== undefined) add('a.peak_level = ?', f.peakLevel);
  if (f.open !== undefined) conditions.push(f.open ? 'a.ended_at IS NULL' : 'a.ended_at IS NOT NULL');
  if (f.predicted !== undefined) add('a.predicted = ?', f.predicted);
  if (f.from) add('a.started_at >= ?', f.from);
  if (f.to) add('a.started_at < ?', f.to);
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

export class AlertsRepo {
  constructor(private readonly db: Queryable) {}

  /** Newest first. */
  async list(f: AlertFilter, limit: number, offset: number): Promise<{ items: AlertDto[]; total: number }> {
    const { where, params } = whereOf(f);
    const n = params.length;
    const [items, total] = await Promise.all([
      this.db.query<AlertRow>(
        `SELECT ${alertColumns} FROM alerts a JOIN locations l ON l.id = a.location_id ${where}
         ORDER BY a.started_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, limit, offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM alerts a ${where}`, params),
    ]);
    return { items: items.rows.map(toAlertDto), total: total.rows[0]?.n ?? 0 };
  }

  /** `groupId` null reads any group; otherwise another group's alert is absent. */
  async findById(id: number, groupId: number | null): Promise<AlertWithSite | null> {
    const r = await this.db.query<
      AlertRow & { shape: LocationShape; rings: Ring[]; time_zone: string; group_name: string }
    >(
      `SELECT ${alertColumns}, l.shape, l.rings, l.time_zone, g.name AS group_name
       FROM alerts a JOIN locations l ON l.id = a.location_id JOIN groups g ON g.id = a.group_id
       WHERE a.id = $1 AND ($2::bigint IS NULL OR a.group_id = $2)`,
      [id, groupId],
    );
    const row = r.rows[0];
    if (!row) return null;
    return {
      alert: toAlertDto(row),
      shape: row.shape,
      rings: row.rings,
      timeZone: row.time_zone,
      groupName: row.group_name,
    };
  }
}

/** Whether the episode warned before its first innermost stroke, judged as warning skill judges an event. */
function innerWarning(r: AlertRow): Pick<AlertDto, 'warned_before_first_inner' | 'lead_time_min'> {
  const inner = [...(r.ring_counts ?? [])].sort((a, b) => a.radius_km - b.radius_km)[0];
  const first = inner?.first_at ? Date.parse(inner.first_at) : null;
  const timeline = (r.timeline ?? []).map((e) => ({ atMs: Date.parse(e.at), level: e.level }));
  const { warnedBefore, leadMin } = episodeWarning(timeline, first);
  return {
    warned_before_first_inner: warnedBefore,
    lead_time_min: leadMin === null ? null : round1(leadMin),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
