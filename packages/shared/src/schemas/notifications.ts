import { type Static, Type } from 'typebox';
import {
  CHANNELS,
  DELIVERY_REASONS,
  DELIVERY_STATUSES,
  NOTIFICATION_EVENTS,
  RECIPIENT_KINDS,
  TOPIC_PATTERN,
  WEBHOOK_FORMATS,
} from '../notifications.js';
import { Id, Nullable, Paging, pageOf } from './kit.js';

/** HTTP schemas of the in-app inbox, topics and subscriptions, delivery records and test messages. */

const Time = Type.String({ format: 'date-time' });

/** One message of the in-app inbox (GET /api/notification_record, and the socket's `notification`). */
export const InboxItemSchema = Type.Object({
  id: Type.Integer(),
  event: Type.Enum(NOTIFICATION_EVENTS),
  title: Type.String(),
  body: Type.String(),
  link: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  level: Nullable(Type.Integer()),
  alarm_id: Nullable(Type.Integer()),
  /** The alarm's confirmation, whoever made it: shown to everyone the alarm reached. */
  alarm_confirmed_at: Nullable(Time),
  alarm_confirmed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Time,
  read_at: Nullable(Time),
});
export type InboxItem = Static<typeof InboxItemSchema>;

export const InboxPageSchema = Type.Object({
  items: Type.Array(InboxItemSchema),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type InboxPage = Static<typeof InboxPageSchema>;

export const InboxQuerySchema = Type.Object(
  { unread: Type.Optional(Type.Boolean()), ...Paging },
  { additionalProperties: false },
);
export type InboxQuery = Static<typeof InboxQuerySchema>;

/** POST /api/notification_record: `ids`, these messages; `all`, every unread one. */
export const MarkReadSchema = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000 })),
    all: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type MarkRead = Static<typeof MarkReadSchema>;

export const MarkReadResultSchema = Type.Object({ updated: Type.Integer() });
export type MarkReadResult = Static<typeof MarkReadResultSchema>;

export const TopicNameSchema = Type.String({
  pattern: TOPIC_PATTERN,
  description: '"location:<id>" (a location\'s alarms) or "daily_summary"',
});

/** A topic a user may subscribe to: a location's alarms, or the daily summary. */
export const TopicSchema = Type.Object({
  /** "location:<id>" or "daily_summary". */
  id: Type.String(),
  kind: Type.Union([Type.Literal('location_alarms'), Type.Literal('daily_summary')]),
  location_id: Nullable(Type.Integer()),
  location_name: Nullable(Type.String()),
  location_name_en: Nullable(Type.String()),
  subscribed: Type.Boolean(),
});
export type Topic = Static<typeof TopicSchema>;

export const TopicListSchema = Type.Array(TopicSchema);

export const TopicQuerySchema = Type.Object({ id: TopicNameSchema }, { additionalProperties: false });

export const TopicBodySchema = Type.Object({ topic: TopicNameSchema }, { additionalProperties: false });

/** DELETE /api/notification/subscription: the topic in the body or in the query. */
export const MaybeTopicSchema = Type.Object(
  { topic: Type.Optional(TopicNameSchema) },
  { additionalProperties: false },
);

const TopicNames = Type.Array(TopicNameSchema, { maxItems: 10_000 });

export const TopicBatchSchema = Type.Object(
  { subscribe: Type.Optional(TopicNames), unsubscribe: Type.Optional(TopicNames) },
  { additionalProperties: false },
);
export type TopicBatchInput = Static<typeof TopicBatchSchema>;

/** One outbox row as the delivery records show it. */
export const DeliveryRecordSchema = Type.Object({
  id: Type.Integer(),
  event: Type.Enum(NOTIFICATION_EVENTS),
  alarm_id: Nullable(Type.Integer()),
  list_id: Nullable(Type.Integer()),
  /** 0: the list's recipients or a topic's subscribers; 1: the escalation tier. */
  tier: Type.Union([Type.Literal(0), Type.Literal(1)]),
  channel: Type.Enum(CHANNELS),
  recipient: Type.Object({ kind: Type.Enum(RECIPIENT_KINDS), value: Type.String() }),
  /** A user recipient's name (null for other kinds). */
  recipient_name: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  level: Nullable(Type.Integer()),
  status: Type.Enum(DELIVERY_STATUSES),
  reason: Nullable(Type.Enum(DELIVERY_REASONS)),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  created_at: Time,
  finished_at: Nullable(Time),
  /** From the event (the alarm) to the receiver's acceptance. */
  latency_ms: Nullable(Type.Integer()),
  /** A folded delivery (over the recipient's budget): the digest that tells it. */
  digest_id: Nullable(Type.Integer()),
});
export type DeliveryRecord = Static<typeof DeliveryRecordSchema>;

export const DeliveryPageSchema = pageOf(DeliveryRecordSchema);

export const DeliveryQuerySchema = Type.Object(
  {
    status: Type.Optional(Type.Enum(DELIVERY_STATUSES)),
    channel: Type.Optional(Type.Enum(CHANNELS)),
    alarm_id: Type.Optional(Id),
    ...Paging,
  },
  { additionalProperties: false },
);
export type DeliveryQuery = Static<typeof DeliveryQuerySchema>;

export const DeliveryParamsSchema = Type.Object({ id: Id });

/** One send attempt of a delivery. */
export const DeliveryAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  started_at: Time,
  duration_ms: Type.Number(),
  ok: Type.Boolean(),
  error: Nullable(Type.String()),
});
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;

export const DeliveryAttemptsSchema = Type.Object({ items: Type.Array(DeliveryAttemptSchema) });

/** One literal per value as `anyOf` (what the test route has always checked against), typed as their union. */
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

const TestRecipientSchema = Type.Object(
  {
    kind: oneOf(RECIPIENT_KINDS),
    value: Type.String({ minLength: 1, maxLength: 2048 }),
    format: Type.Optional(oneOf(WEBHOOK_FORMATS)),
    secret: Type.Optional(Nullable(Type.String({ minLength: 8, maxLength: 256 }))),
  },
  { additionalProperties: false },
);

/** POST /api/notification/test: send a test message now through one channel to one recipient. */
export const TestMessageInputSchema = Type.Object(
  {
    channel: oneOf(CHANNELS),
    recipient: TestRecipientSchema,
    /** The list the recipient belongs to: its group, and a webhook's stored secret when none is typed. */
    list_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type TestMessageInput = Static<typeof TestMessageInputSchema>;
