import type { Language } from '@thunderwatch/shared/languages';
import type { Channel, NotificationEvent, RecipientKind } from '@thunderwatch/shared/notifications';
import type { QuietHours } from '@thunderwatch/shared/schemas/distribution';
import type { Queryable } from '../../../db/database.js';
import type { ChannelOptions, NotificationPayload } from './channels/delivery-channel.js';

/** What a delivery is: an event, to one address through one channel, and how it reads. */
export interface Delivery {
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
  payload: NotificationPayload;
  createdAt: Date;
}

/** A delivery to write into the outbox. */
export interface NewDelivery extends Delivery {
  listId: number | null;
  channelOptions: ChannelOptions | null;
  nextAttemptAt: Date;
}

/**
 * SQL of the outbox's writing side: deliveries in (with an alarm, a confirmation, a test), escalations
 * cancelled, old rows out. Claiming and recording attempts is DeliveryClaimsRepo's.
 */
export class OutboxRepo {
  constructor(private readonly db: Queryable) {}

  /** Writes deliveries (inside the caller's transaction when `tx` is given); a known key is kept as is. */
  async insert(rows: readonly NewDelivery[], tx: Queryable = this.db): Promise<number> {
    return (await this.write(rows, tx, null)).length;
  }

  /**
   * Writes deliveries; returns the ids and keys of those written (a known key is kept as is). `leaseUntil`:
   * written already claimed (status 'sending', attempt 1) in the same statement, so no worker polling the
   * outbox can take them in between.
   */
  async write(
    rows: readonly NewDelivery[],
    tx: Queryable,
    leaseUntil: Date | null,
  ): Promise<{ id: number; idempotencyKey: string }[]> {
    if (rows.length === 0) return [];
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
    const result = await tx.query<{ id: string; idempotency_key: string }>(
      `INSERT INTO deliveries (idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind,
         recipient_value, user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone,
         payload, created_at, next_attempt_at, status, attempts, lease_until)
       SELECT idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind, recipient_value,
         user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone, payload,
         created_at, next_attempt_at,
         CASE WHEN $2::timestamptz IS NULL THEN 'pending' ELSE 'sending' END,
         CASE WHEN $2::timestamptz IS NULL THEN 0 ELSE 1 END, $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS x(idempotency_key text, group_id bigint, event text, alarm_id bigint,
         list_id bigint, tier smallint, channel text, recipient_kind text, recipient_value text, user_id bigint,
         address text, channel_options jsonb, language text, location_id bigint, level smallint, quiet_hours jsonb,
         time_zone text, payload jsonb, created_at timestamptz, next_attempt_at timestamptz)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id, idempotency_key`,
      [json, leaseUntil],
    );
    return result.rows.map((r) => ({ id: Number(r.id), idempotencyKey: r.idempotency_key }));
  }

  /** Writes one delivery already claimed until `leaseUntil` (sent at once by the caller); returns its id. */
  async insertClaimed(row: NewDelivery, leaseUntil: Date): Promise<number> {
    const [written] = await this.write([row], this.db, leaseUntil);
    if (!written) throw new Error(`delivery ${row.idempotencyKey} already exists`);
    return written.id;
  }

  /** Escalations of an alarm not sent yet are not needed once someone confirmed it. */
  /**
   * Appends `append.items` to the list `append.field` of `payload -> <event>` of the in-app deliveries of
   * `event` at the location, written since `since`, whose facts have `field` = `value`; how many. (Flight
   * messages have an index for it: 039.)
   */
  async amendInApp(
    tx: Queryable,
    event: string,
    locationId: number,
    match: { field: string; value: string; since: Date },
    append: { field: string; items: readonly unknown[] },
  ): Promise<number> {
    const result = await tx.query(
      `UPDATE deliveries
          SET payload = jsonb_set(payload, ARRAY[$1::text, $7::text],
            COALESCE(payload -> $1::text -> $7::text, '[]'::jsonb) || $5::jsonb)
        WHERE event = $1 AND channel = 'inapp' AND location_id = $2 AND created_at >= $6
          AND payload -> $1::text ->> $3::text = $4`,
      [event, locationId, match.field, match.value, JSON.stringify(append.items), match.since, append.field],
    );
    return result.rowCount ?? 0;
  }

  async cancelEscalations(tx: Queryable, alarmId: number, at: Date): Promise<number> {
    const result = await tx.query(
      `UPDATE deliveries SET status = 'cancelled', reason = 'confirmed', finished_at = $2, lease_until = NULL
       WHERE alarm_id = $1 AND tier = 1 AND event = 'alarm' AND status = 'pending'`,
      [alarmId, at],
    );
    return result.rowCount ?? 0;
  }

  /**
   * A confirmation goes to every address the alarm went to or is still going to, through the same channel,
   * with the alarm's facts and who confirmed it when, with their note (read from the confirmed alarm).
   */
  async enqueueConfirmation(tx: Queryable, alarmId: number, at: Date): Promise<number> {
    const result = await tx.query(
      `INSERT INTO deliveries (idempotency_key, group_id, event, alarm_id, list_id, tier, channel, recipient_kind,
         recipient_value, user_id, address, channel_options, language, location_id, level, quiet_hours, time_zone,
         payload, created_at, next_attempt_at)
       SELECT 'confirmed:' || substr(d.idempotency_key, 7), d.group_id, 'alarm_confirmed', d.alarm_id, d.list_id,
         d.tier, d.channel, d.recipient_kind, d.recipient_value, d.user_id, d.address, d.channel_options,
         d.language, d.location_id, d.level, d.quiet_hours, d.time_zone,
         jsonb_build_object('event', 'alarm_confirmed', 'alarm', d.payload -> 'alarm', 'confirmation',
           jsonb_build_object('at', a.confirmed_at, 'by', COALESCE(NULLIF(u.name, ''), u.username), 'note', a.note)),
         $2, $2
       FROM deliveries d
       JOIN alarms a ON a.id = d.alarm_id AND a.confirmed_at IS NOT NULL
       LEFT JOIN users u ON u.id = a.confirmed_by
       WHERE d.alarm_id = $1 AND d.event = 'alarm' AND d.status IN ('pending', 'sending', 'sent')
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [alarmId, at],
    );
    return result.rowCount ?? 0;
  }

  /** Deliveries still to send (pending, or claimed and being sent), by channel. */
  async depthByChannel(): Promise<{ channel: string; depth: number }[]> {
    const r = await this.db.query<{ channel: string; depth: number }>(
      `SELECT channel, count(*)::int AS depth FROM deliveries WHERE status IN ('pending', 'sending')
       GROUP BY channel ORDER BY channel`,
    );
    return r.rows;
  }

  /**
   * Retention: finished deliveries (and their attempts) older than `before`, and duplicate-window slots
   * and budget windows long past their window. Rows still pending or being sent are kept whatever their age.
   */
  async purgeBefore(before: Date, slotsBefore: Date): Promise<number> {
    const result = await this.db.query(
      `DELETE FROM deliveries WHERE status IN ('sent', 'failed', 'suppressed', 'cancelled', 'folded')
         AND finished_at < $1`,
      [before],
    );
    await this.db.query('DELETE FROM delivery_dedupe WHERE at < $1', [slotsBefore]);
    // Budget windows: kept as long as the duplicate-window slots (a day), long after any window ends.
    await this.db.query('DELETE FROM delivery_budget WHERE window_start < $1', [slotsBefore]);
    return result.rowCount;
  }
}
