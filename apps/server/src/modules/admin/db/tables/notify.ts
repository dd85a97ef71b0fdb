import { cols, type TableDef, table } from '../admin-db-columns.js';

/**
 * Distribution lists, the delivery outbox with its attempts and duplicate-window slots, the in-app inbox,
 * topic subscriptions and WeChat bindings. Read only: the outbox is the workers' to change.
 *
 * Masked: distribution_lists.recipients, escalate_to (webhook and robot URLs, whose query carries the robot's
 * access token, and the webhook / DingTalk / Feishu signing secrets); deliveries.recipient_value, address
 * (the same URLs), channel_options (the signing secret), last_error and delivery_attempts.error (a refused
 * target's error names its URL); delivery_dedupe.key (`kind:value:channel:location:level`, the value being
 * such a URL; it is the key too, so delivery_dedupe has no item view). Idempotency keys, new slots and the
 * budget's rows name a target by its SHA-256 only (migration 035), so they need no mask (the slots stay
 * masked all the same: a slot written before the migration may remain).
 */
export const NOTIFY_TABLES: readonly TableDef[] = [
  table({
    name: 'distribution_lists',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer name:text locations:json min_level:integer channels:json
      recipients:json! quiet_hours:json escalate_after_min:integer escalate_to:json!
      created_by:integer created_at:timestamp updated_at:timestamp language:text builtin:text`),
  }),
  table({
    name: 'deliveries',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer idempotency_key:text group_id:integer event:text alarm_id:integer
      list_id:integer tier:integer channel:text recipient_kind:text recipient_value:text!
      user_id:integer address:text! channel_options:json! language:text location_id:integer
      level:integer quiet_hours:json time_zone:text payload:json status:text reason:text
      attempts:integer next_attempt_at:timestamp lease_until:timestamp last_error:text!
      created_at:timestamp finished_at:timestamp latency_ms:integer digest_id:integer`),
  }),
  table({
    name: 'delivery_attempts',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer delivery_id:integer attempt:integer started_at:timestamp duration_ms:number
      ok:boolean error:text!`),
  }),
  table({
    name: 'delivery_dedupe',
    key: null,
    order: 'at',
    columns: cols(`key:text! delivery_id:integer at:timestamp`),
  }),
  table({
    name: 'delivery_budget',
    key: null,
    order: 'window_start',
    columns: cols(`channel:text target_hash:text window_start:timestamp used:integer`),
  }),
  table({
    name: 'notifications',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer user_id:integer group_id:integer delivery_id:integer event:text
      alarm_id:integer location_id:integer level:integer title:text body:text link:text
      created_at:timestamp read_at:timestamp`),
  }),
  table({
    name: 'notification_subscriptions',
    key: null,
    order: 'created_at',
    columns: cols(`user_id:integer topic:text created_at:timestamp`),
  }),
  table({
    name: 'wechat_bindings',
    key: 'user_id',
    order: 'bound_at',
    columns: cols(`user_id:integer openid:text bound_at:timestamp`),
  }),
];
