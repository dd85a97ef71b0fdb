import type {
  Channel,
  DeliveryReason,
  DeliveryStatus,
  NotificationEvent,
  RecipientKind,
} from '@thunderwatch/shared/notifications';
import type { DeliveryAttempt, DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import type { Queryable } from '../../../../db/database.js';

/** Whose records a caller sees: a group's (null: every group), or only those addressed to one user. */
export type RecordScope = { groupId: number | null } | { userId: number };

export interface RecordFilter {
  status?: DeliveryStatus;
  channel?: Channel;
  alarmId?: number;
  limit: number;
  offset: number;
}

interface RecordRow {
  id: string;
  event: NotificationEvent;
  alarm_id: string | null;
  list_id: string | null;
  tier: number;
  channel: Channel;
  recipient_kind: RecipientKind;
  recipient_value: string;
  location_id: string | null;
  level: number | null;
  status: DeliveryStatus;
  reason: DeliveryReason | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
  latency_ms: number | null;
  recipient_name: string | null;
  digest_id: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

const toRecord = (r: RecordRow): DeliveryRecord => ({
  id: Number(r.id),
  event: r.event,
  alarm_id: num(r.alarm_id),
  list_id: num(r.list_id),
  tier: r.tier === 1 ? 1 : 0,
  channel: r.channel,
  recipient: { kind: r.recipient_kind, value: r.recipient_value },
  recipient_name: r.recipient_name,
  location_id: num(r.location_id),
  level: r.level,
  status: r.status,
  reason: r.reason,
  attempts: r.attempts,
  last_error: r.last_error,
  created_at: r.created_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
  latency_ms: r.latency_ms,
  digest_id: num(r.digest_id),
});

// Never channel_options (webhook secrets) nor payload: the records show how delivery went, not what was sent.
const COLUMNS = `d.id, d.event, d.alarm_id, d.list_id, d.tier, d.channel, d.recipient_kind, d.recipient_value,
  d.location_id, d.level, d.status, d.reason, d.attempts, d.last_error, d.created_at, d.finished_at, d.latency_ms,
  d.digest_id, CASE WHEN d.recipient_kind = 'user' THEN COALESCE(NULLIF(u.name, ''), u.username) END AS recipient_name`;

function scopeWhere(scope: RecordScope): { sql: string; param: number | null } {
  return 'userId' in scope
    ? { sql: 'd.user_id = $1', param: scope.userId }
    : { sql: '($1::bigint IS NULL OR d.group_id = $1)', param: scope.groupId };
}

/** SQL of the delivery records: the outbox as its readers see it, limited to their scope in SQL. */
export class DeliveryRecordsRepo {
  constructor(private readonly db: Queryable) {}

  async list(scope: RecordScope, f: RecordFilter): Promise<{ items: DeliveryRecord[]; total: number }> {
    const s = scopeWhere(scope);
    const where = `WHERE ${s.sql} AND ($2::text IS NULL OR d.status = $2)
      AND ($3::text IS NULL OR d.channel = $3) AND ($4::bigint IS NULL OR d.alarm_id = $4)`;
    const params = [s.param, f.status ?? null, f.channel ?? null, f.alarmId ?? null];
    const [items, total] = await Promise.all([
      this.db.query<RecordRow>(
        `SELECT ${COLUMNS} FROM deliveries d LEFT JOIN users u ON u.id = d.user_id ${where}
         ORDER BY d.id DESC LIMIT $5 OFFSET $6`,
        [...params, f.limit, f.offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries d ${where}`, params),
    ]);
    return { items: items.rows.map(toRecord), total: total.rows[0]?.n ?? 0 };
  }

  /** A delivery's attempts in order, or null when the delivery is not in the scope (or does not exist). */
  async attempts(scope: RecordScope, deliveryId: number): Promise<DeliveryAttempt[] | null> {
    const s = scopeWhere(scope);
    const found = await this.db.query(`SELECT 1 FROM deliveries d WHERE ${s.sql} AND d.id = $2`, [
      s.param,
      deliveryId,
    ]);
    if (found.rows.length === 0) return null;
    const { rows } = await this.db.query<{
      attempt: number;
      started_at: Date;
      duration_ms: number;
      ok: boolean;
      error: string | null;
    }>(
      `SELECT attempt, started_at, duration_ms, ok, error FROM delivery_attempts
       WHERE delivery_id = $1 ORDER BY attempt, id`,
      [deliveryId],
    );
    return rows.map((r) => ({
      attempt: r.attempt,
      started_at: r.started_at.toISOString(),
      duration_ms: r.duration_ms,
      ok: r.ok,
      error: r.error,
    }));
  }
}
