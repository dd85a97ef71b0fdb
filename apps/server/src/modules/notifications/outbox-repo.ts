import type { Language } from '@thunderwatch/shared/languages';
import type {
  Channel,
  DeliveryReason,
  NotificationEvent,
  QuietHours,
  RecipientKind,
} from '@thunderwatch/shared/notifications';
import type { Queryable } from '../../db/database.js';
import type { ChannelOptions, NotificationPayload } from './channels/delivery-channel.js';

/** A delivery to write into the outbox. */
export interface NewDelivery {
  idempotencyKey: string;
  groupId: number;
  event: NotificationEvent;
  alarmId: number | null;
  listId: number | null;
  tier: 0 | 1;
  channel: Channel;
  recipientKind: RecipientKind;
  recipientValue: string;
  userId: number | null;
  address: string;
  language: Language;
  locationId: number | null;
  level: number | null;
  quietHours: QuietHours | null;
  timeZone: string;
  channelOptions: ChannelOptions | null;
  payload: NotificationPayload;
  createdAt: Date;
  nextAttemptAt: Date;
}

/** A delivery a worker holds: its lease runs until it is finished or rescheduled. */
export interface ClaimedDelivery {
  id: number;
  idempotencyKey: string;
  groupId: number;
  event: NotificationEvent;
  alarmId: number | null;
  tier: 0 | 1;
  channel: Channel;
  recipientKind: RecipientKind;
  recipientValue: string;
  userId: number | null;
  address: string;
  language: Language;
  locationId: number | null;
  level: number | null;
  quietHours: QuietHours | null;
  timeZone: string;
  channelOptions: ChannelOptions;
  payload: NotificationPayload;
  /** This attempt's number (1 for the first). */
  attempts: number;
  createdAt: Date;
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

/** SQL of the outbox: writing deliveries, claiming due ones, and recording how each attempt went. */
export class OutboxRepo {
  constructor(private readonly db: Queryable) {}

  /** Writes deliveries (inside the caller's transaction when `tx` is given); a known key is kept as is. */
  async insert(rows: readonly NewDelivery[], tx: Queryable = this.db): Promise<number> {
    if (rows.length === 0) return 0;
    const json = JSON.stringify(
      rows.map((r) => ({
        idempotency_key: r.idempotencyKey,
        group_id: r.groupId,
        event: r.event,
        alarm_id: r.alarmId,
        list_id: r.listId,
        tier: r.tier,
        channel: r.channel,
        recipient_kind: r.recipientKind,
        recipient_value: r.recipientValue,
        user_id: r.userId,
        address: r.address,
        channel_options: r.channelOptions,
        language: r.language,
        location_id: r.locationId,
        level: r.level,
        quiet_hours: r.quietHours,
        time_zone: r.timeZone,
        payload: r.payload,
        created_at: r.createdAt.toISOString(),
        next_attempt_at: r.nextAttemptAt.toISOString(),
      })),
    );
    const result = await tx.query(
      `INSERT INTO deliveries (idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind,
         recipient_value, user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone,
         payload, created_at, next_attempt_at)
       SELECT idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind, recipient_value,
         user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone, payload,
         created_at, next_attempt_at
       FROM jsonb_to_recordset($1::jsonb) AS x(idempotency_key text, group_id bigint, event text, alarm_id bigint,
         list_id bigint, tier smallint, channel text, recipient_kind text, recipient_value text, user_id bigint,
         address text, channel_options jsonb, language text, location_id bigint, level smallint, quiet_hours jsonb,
         time_zone text, payload jsonb, created_at timestamptz, next_attempt_at timestamptz)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [json],
    );
    return result.rowCount ?? 0;
  }

  /** Writes one delivery already claimed until `leaseUntil` (sent at once by the caller); returns its id. */
  async insertClaimed(row: NewDelivery, leaseUntil: Date): Promise<number> {
    await this.insert([row]);
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE deliveries SET status = 'sending', attempts = 1, lease_until = $2
       WHERE idempotency_key = $1 AND status = 'pending' RETURNING id`,
      [row.idempotencyKey, leaseUntil],
    );
    return Number(rows[0]?.id);
  }

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

  /** Escalations of an alarm not sent yet are not needed once someone confirmed it. */
  async cancelEscalations(alarmId: number, at: Date): Promise<number> {
    const result = await this.db.query(
      `UPDATE deliveries SET status = 'cancelled', reason = 'confirmed', finished_at = $2, lease_until = NULL
       WHERE alarm_id = $1 AND tier = 1 AND event = 'alarm' AND status = 'pending'`,
      [alarmId, at],
    );
    return result.rowCount ?? 0;
  }

  /**
   * A confirmation goes to every address the alarm went to or is still going to, through the same channel,
   * with the alarm's facts and who confirmed it.
   */
  async enqueueConfirmation(alarmId: number, confirmation: object, at: Date): Promise<number> {
    const result = await this.db.query(
      `INSERT INTO deliveries (idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind,
         recipient_value, user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone,
         payload, created_at, next_attempt_at)
       SELECT 'confirmed:' || substr(d.idempotency_key, 7), d.group_id, 'alarm_confirmed', d.alarm_id, d.list_id,
         d.tier, d.channel, d.recipient_kind, d.recipient_value, d.user_id, d.address, d.channel_options,
         d.language, d.location_id, d.level, d.quiet_hours, d.time_zone,
         jsonb_build_object('event', 'alarm_confirmed', 'alarm', d.payload -> 'alarm', 'confirmation', $2::jsonb),
         $3, $3
       FROM deliveries d
       WHERE d.alarm_id = $1 AND d.event = 'alarm' AND d.status IN ('pending', 'sending', 'sent')
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [alarmId, JSON.stringify(confirmation), at],
    );
    return result.rowCount ?? 0;
  }

  /**
   * Retention: finished deliveries (and their attempts) older than `before`, and duplicate-window slots
   * long past their window. Rows still pending or being sent are kept whatever their age.
   */
  async purgeBefore(before: Date, slotsBefore: Date): Promise<number> {
    const result = await this.db.query(
      `DELETE FROM deliveries WHERE status IN ('sent', 'failed', 'suppressed', 'cancelled') AND finished_at < $1`,
      [before],
    );
    await this.db.query('DELETE FROM delivery_dedupe WHERE at < $1', [slotsBefore]);
    return result.rowCount;
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
