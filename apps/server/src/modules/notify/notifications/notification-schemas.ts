import {
  CHANNELS,
  DELIVERY_STATUSES,
  NOTIFICATION_EVENTS,
  RECIPIENT_KINDS,
} from '@thunderwatch/shared/notifications';
import { Nullable } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { TOPIC_PATTERN } from './topics-service.js';

/** Response and request schemas of the inbox, topic and delivery record routes. */

const Time = Type.String({ format: 'date-time' });

export const InboxItem = Type.Object({
  id: Type.Integer(),
  event: Type.Enum(NOTIFICATION_EVENTS),
  title: Type.String(),
  body: Type.String(),
  link: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  level: Nullable(Type.Integer()),
  alarm_id: Nullable(Type.Integer()),
  alarm_confirmed_at: Nullable(Time),
  alarm_confirmed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Time,
  read_at: Nullable(Time),
});

export const InboxPage = Type.Object({
  items: Type.Array(InboxItem),
  total: Type.Integer(),
  unread: Type.Integer(),
});

export const TopicName = Type.String({
  pattern: TOPIC_PATTERN,
  description: '"location:<id>" (a location\'s alarms) or "daily_summary"',
});

export const Topic = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('location_alarms'), Type.Literal('daily_summary')]),
  location_id: Nullable(Type.Integer()),
  location_name: Nullable(Type.String()),
  subscribed: Type.Boolean(),
});

export const DeliveryRecord = Type.Object({
  id: Type.Integer(),
  event: Type.Enum(NOTIFICATION_EVENTS),
  alarm_id: Nullable(Type.Integer()),
  list_id: Nullable(Type.Integer()),
  tier: Type.Integer(),
  channel: Type.Enum(CHANNELS),
  recipient: Type.Object({ kind: Type.Enum(RECIPIENT_KINDS), value: Type.String() }),
  recipient_name: Nullable(Type.String()),
  location_id: Nullable(Type.Integer()),
  level: Nullable(Type.Integer()),
  status: Type.Enum(DELIVERY_STATUSES),
  reason: Nullable(Type.String()),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  created_at: Time,
  finished_at: Nullable(Time),
  latency_ms: Nullable(Type.Integer()),
});

export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer(),
  started_at: Time,
  duration_ms: Type.Number(),
  ok: Type.Boolean(),
  error: Nullable(Type.String()),
});
