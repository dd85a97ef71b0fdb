/** Notification vocabulary shared by server and web: distribution lists and their recipients. */

export const CHANNELS = ['inapp', 'email', 'sms', 'webhook', 'wechat'] as const;
export type Channel = (typeof CHANNELS)[number];

export const RECIPIENT_KINDS = ['user', 'phone', 'email', 'webhook', 'wechat'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** How a webhook's requests carry a message: JSON (the default) or OASIS CAP 1.2 XML. */
export const WEBHOOK_FORMATS = ['json', 'cap'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A webhook signing secret's length bounds. */
export const WEBHOOK_SECRET_LENGTH = { min: 8, max: 256 } as const;

/**
 * A recipient as the API shows it. `value`: a user id (as a string), a phone number, an e-mail address, a
 * webhook URL or a WeChat openid. Webhook recipients also carry `format` and `has_secret`.
 */
export interface Recipient {
  kind: RecipientKind;
  value: string;
  /** Webhooks: the request body's format. */
  format?: WebhookFormat;
  /** Webhooks, in answers: whether a signing secret is stored. The secret itself is never returned. */
  has_secret?: boolean;
}

/**
 * A recipient as the API takes it. Webhooks only: `format`, and `secret` (8–256 characters) to sign each
 * request with; omitted, the secret stored for the same URL in the same list is kept; null (or "") removes it.
 */
export interface RecipientInput {
  kind: RecipientKind;
  value: string;
  format?: WebhookFormat;
  secret?: string | null;
}

/** Local "HH:MM" times in the list's group's time zone; red alarms always go through. */
export interface QuietHours {
  from: string;
  to: string;
}

/** Who is told of which alarms, how, and who is told next when nobody confirms. */
export interface DistributionList {
  id: number;
  group_id: number;
  name: string;
  locations: number[] | 'all';
  min_level: 1 | 2 | 3;
  channels: Channel[];
  recipients: Recipient[];
  quiet_hours: QuietHours | null;
  escalate_after_min: number | null;
  escalate_to: Recipient[] | null;
  created_at: string;
  updated_at: string;
}

/** POST /api/distribute_add; /api/distribute_update takes the same fields plus `id`. */
export interface DistributionInput {
  name: string;
  locations: number[] | 'all';
  min_level: 1 | 2 | 3;
  channels: Channel[];
  recipients: RecipientInput[];
  quiet_hours?: QuietHours | null;
  escalate_after_min?: number | null;
  escalate_to?: RecipientInput[] | null;
}

/** What a notification is about. */
export const NOTIFICATION_EVENTS = ['alarm', 'alarm_confirmed', 'daily_summary', 'test'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'suppressed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery was not sent: inside the list's quiet hours, a duplicate within 5 min, or the alarm was confirmed before its escalation fell due. */
export type DeliveryReason = 'quiet_hours' | 'duplicate' | 'confirmed';

/** One message of the in-app inbox (GET /api/notification_record, socket `notification`). */
export interface InboxItem {
  id: number;
  event: NotificationEvent;
  title: string;
  body: string;
  link: string | null;
  location_id: number | null;
  level: number | null;
  alarm_id: number | null;
  /** The alarm's confirmation, whoever made it: shown to everyone the alarm reached. */
  alarm_confirmed_at: string | null;
  alarm_confirmed_by: { id: number; name: string } | null;
  created_at: string;
  read_at: string | null;
}

/** A topic a user may subscribe to: a location's alarms, or the daily summary. */
export interface Topic {
  /** "location:<id>" or "daily_summary". */
  id: string;
  kind: 'location_alarms' | 'daily_summary';
  location_id: number | null;
  location_name: string | null;
  subscribed: boolean;
}

/** One outbox row as the delivery records show it. */
export interface DeliveryRecord {
  id: number;
  event: NotificationEvent;
  alarm_id: number | null;
  list_id: number | null;
  tier: 0 | 1;
  channel: Channel;
  recipient: Recipient;
  /** A user recipient's name (null for other kinds). */
  recipient_name: string | null;
  location_id: number | null;
  level: number | null;
  status: DeliveryStatus;
  reason: DeliveryReason | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  /** From the event (the alarm) to the receiver's acceptance. */
  latency_ms: number | null;
}

/** POST /api/notification/test: send a test message now through one channel to one recipient. */
export interface TestMessageInput {
  channel: Channel;
  recipient: RecipientInput;
  /** The list the recipient belongs to: its group, and a webhook's stored secret when none is typed. */
  list_id?: number;
}
