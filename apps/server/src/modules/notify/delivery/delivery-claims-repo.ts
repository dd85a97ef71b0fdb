import type { Language } from '@thunderwatch/shared/languages';
import type {
  Channel,
  DeliveryReason,
  NotificationEvent,
  RecipientKind,
} from '@thunderwatch/shared/notifications';
import type { QuietHours } from '@thunderwatch/shared/schemas/distribution';
import type { Queryable } from '../../../db/database.js';
import type { ChannelOptions, NotificationPayload } from './channels/delivery-channel.js';
import type { Delivery } from './outbox-repo.js';

/** A delivery a worker holds: its lease runs until it is finished or rescheduled. */
export interface ClaimedDelivery extends Delivery {
  id: number;
  channelOptions: ChannelOptions;
  /** This attempt's number (1 for the first). */
  attempts: number;
  /** Whether the alarm had been confirmed when the row was claimed. */
  alarmConfirmed: boolean;
}

interface ClaimedRow {
  id: string;
  idempotency_key: string;
  group_id: string;
  event: NotificationEvent;
  alarm_id: string | null;
  tier: number;
  channel: Channel;
  recipient_kind: RecipientKind;
  recipient_value: string;
  user_id: string | null;
  address: string;
  language: Language;
  location_id: string | null;
  level: number | null;
  quiet_hours: QuietHours | null;
  time_zone: string;
  channel_options: ChannelOptions | null;
  payload: NotificationPayload;
  attempts: number;
  created_at: Date;
  alarm_confirmed: boolean;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** The attempt of one send, as recorded. */
export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  error: string | null;
}

/** SQL of delivering the outbox: claiming due rows, the duplicate window, and how each attempt went. */
export class DeliveryClaimsRepo {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims due deliveries for this worker until `leaseUntil`, at most `slots[channel]` of each channel:
   * pending ones, and ones whose worker's lease ran out (it died mid-send). Rows other workers hold are
   * skipped, not waited for.
   */
  async claim(d: {
    now: Date;
    leaseUntil: Date;
    slots: ReadonlyMap<Channel, number>;
  }): Promise<ClaimedDelivery[]> {
    const open = [...d.slots].filter(([, n]) => n > 0);
    if (open.length === 0) return [];
    const { rows } = await this.db.query<ClaimedRow>(
      `UPDATE deliveries d SET status = 'sending', attempts = d.attempts + 1, lease_until = $2
       FROM (
         SELECT x.id, x.alarm_confirmed
         FROM unnest($3::text[], $4::int[]) AS s(channel, n),
         LATERAL (
           SELECT o.id, a.confirmed_at IS NOT NULL AS alarm_confirmed
           FROM deliveries o LEFT JOIN alarms a ON a.id = o.alarm_id
           WHERE o.channel = s.channel
             AND o.next_attempt_at <= $1
             AND (o.status = 'pending' OR (o.status = 'sending' AND o.lease_until < $1))
           ORDER BY o.next_attempt_at, o.id
           LIMIT s.n
           FOR UPDATE OF o SKIP LOCKED
         ) x
       ) c
       WHERE d.id = c.id
       RETURNING d.id, d.idempotency_key, d.group_id, d.event, d.alarm_id, d.tier, d.channel, d.recipient_kind,
         d.recipient_value, d.user_id, d.address, d.language, d.location_id, d.level, d.quiet_hours, d.time_zone,
         d.channel_options, d.payload, d.attempts, d.created_at, c.alarm_confirmed`,
      [d.now, d.leaseUntil, open.map(([c]) => c), open.map(([, n]) => n)],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      idempotencyKey: r.idempotency_key,
      groupId: Number(r.group_id),
      event: r.event,
      alarmId: num(r.alarm_id),
      tier: r.tier === 1 ? 1 : 0,
      channel: r.channel,
      recipientKind: r.recipient_kind,
      recipientValue: r.recipient_value,
      userId: num(r.user_id),
      address: r.address,
      language: r.language,
      locationId: num(r.location_id),
      level: r.level,
      quietHours: r.quiet_hours,
      timeZone: r.time_zone,
      channelOptions: r.channel_options ?? {},
      payload: r.payload,
      attempts: r.attempts,
      createdAt: r.created_at,
      alarmConfirmed: r.alarm_confirmed,
    }));
  }

  /**
   * Takes the duplicate-window slot of `key` for a delivery: free, held by this same delivery (a retry), or
   * last taken at least `windowMs` before `at`. Returns whether the delivery may send.
   */
  async takeDedupeSlot(key: string, deliveryId: number, at: Date, windowMs: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO delivery_dedupe (key, delivery_id, at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET delivery_id = excluded.delivery_id, at = excluded.at
       WHERE delivery_dedupe.delivery_id = excluded.delivery_id
          OR delivery_dedupe.at <= excluded.at - make_interval(secs => $4::double precision / 1000)
       RETURNING key`,
      [key, deliveryId, at, windowMs],
    );
    return rows.length > 0;
  }

  /** Frees a slot a delivery held but never used (it gave up), so the next message is not held back. */
  async releaseDedupeSlot(key: string, deliveryId: number): Promise<void> {
    await this.db.query('DELETE FROM delivery_dedupe WHERE key = $1 AND delivery_id = $2', [key, deliveryId]);
  }

  async markSent(id: number, at: Date, latencyMs: number, attempt: number, a: AttemptRecord): Promise<void> {
    await this.finishWithAttempt(
      id,
      `status = 'sent', finished_at = $2, latency_ms = $3, lease_until = NULL, last_error = NULL`,
      [at, latencyMs],
      attempt,
      a,
    );
  }

  async markFailed(id: number, at: Date, attempt: number, a: AttemptRecord): Promise<void> {
    await this.finishWithAttempt(
      id,
      `status = 'failed', finished_at = $2, last_error = $3, lease_until = NULL`,
      [at, a.error],
      attempt,
      a,
    );
  }

  async reschedule(id: number, nextAttemptAt: Date, attempt: number, a: AttemptRecord): Promise<void> {
    await this.finishWithAttempt(
      id,
      `status = 'pending', next_attempt_at = $2, last_error = $3, lease_until = NULL`,
      [nextAttemptAt, a.error],
      attempt,
      a,
    );
  }

  /** A delivery that is not sent at all: suppressed (quiet hours, duplicate) or cancelled (confirmed). */
  async markSkipped(id: number, status: 'suppressed' | 'cancelled', reason: DeliveryReason, at: Date) {
    await this.db.query(
      `UPDATE deliveries SET status = $2, reason = $3, finished_at = $4, lease_until = NULL,
         attempts = attempts - 1
       WHERE id = $1`,
      [id, status, reason, at],
    );
  }

  private async finishWithAttempt(
    id: number,
    set: string,
    params: unknown[],
    attempt: number,
    a: AttemptRecord,
  ): Promise<void> {
    const n = params.length;
    // `attempts` guards against a worker whose lease ran out and whose row another worker took over.
    await this.db.query(
      `WITH changed AS (UPDATE deliveries SET ${set} WHERE id = $1 AND attempts = $${n + 2} RETURNING id)
       INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, ok, error)
       SELECT id, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6} FROM changed`,
      [id, ...params, attempt, a.startedAt, a.durationMs, a.error === null, a.error],
    );
  }
}
