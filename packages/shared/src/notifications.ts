import { ROLES } from './permissions.js';
/**
 * Notification vocabulary shared by server and web: channels, recipients, events and delivery states. The
 * shapes the HTTP API takes and answers are in schemas/notifications.ts and schemas/distribution.ts.
 */

/**
 * Group robots of the chat apps people already use: a robot posts into one group chat, reached by the
 * robot's webhook URL (DingTalk, WeCom 企业微信, Feishu/Lark, and Slack-compatible incoming webhooks).
 * Each is a channel and a recipient kind of the same name: a list reaches a robot recipient through the
 * channel of its kind.
 */
export const ROBOT_CHANNELS = ['dingtalk', 'wecom', 'feishu', 'slack'] as const;
export type RobotChannel = (typeof ROBOT_CHANNELS)[number];

export const CHANNELS = ['inapp', 'email', 'sms', 'webhook', 'wechat', ...ROBOT_CHANNELS] as const;
export type Channel = (typeof CHANNELS)[number];

export const RECIPIENT_KINDS = [
  'user',
  'role',
  'phone',
  'email',
  'webhook',
  'wechat',
  ...ROBOT_CHANNELS,
] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/**
 * A `role` recipient's value: everyone of the list's group at this role or above, as the group is when a
 * message is sent (`group_admin`: the group's administrators; `operator`: its operators and administrators).
 */
export const RECIPIENT_ROLES = ['group_admin', 'operator', 'viewer'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** Whether a user of `role` is among a `role` recipient's `value` (that role or above; admins are above all). */
export function hasRecipientRole(role: string, value: string): boolean {
  // ROLES runs from the most to the least privileged.
  const rank = (r: string) => (ROLES as readonly string[]).indexOf(r);
  return (
    (RECIPIENT_ROLES as readonly string[]).includes(value) && rank(role) >= 0 && rank(role) <= rank(value)
  );
}

export const isRobotChannel = (value: string): value is RobotChannel =>
  (ROBOT_CHANNELS as readonly string[]).includes(value);

/**
 * Recipients that may carry a signing secret: webhooks (our own HMAC header), and the robots whose vendor
 * signs requests (DingTalk's and Feishu's "加签"/"signature verification" security setting). WeCom robots
 * carry their key in the URL, Slack webhooks are secret URLs: neither takes a secret.
 */
export const SIGNED_KINDS = ['webhook', 'dingtalk', 'feishu'] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];
export const isSignedKind = (kind: RecipientKind): kind is SignedKind =>
  (SIGNED_KINDS as readonly string[]).includes(kind);

/** How a webhook's requests carry a message: JSON (the default) or OASIS CAP 1.2 XML. */
export const WEBHOOK_FORMATS = ['json', 'cap'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A signing secret's length bounds (webhooks and robots). */
export const WEBHOOK_SECRET_LENGTH = { min: 8, max: 256 } as const;

/** What a notification is about. */
export const NOTIFICATION_EVENTS = [
  'alarm',
  'alarm_confirmed',
  'daily_summary',
  'test',
  'typhoon',
  'wave',
  'weather_warning',
  'disaster',
  'device',
  'flight',
  'report',
  // What a recipient's budget folded in one window, told at once when the window ends.
  'digest',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** `folded`: over the recipient's budget, told in the window's digest (the delivery's `digest_id`). */
export const DELIVERY_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'suppressed',
  'cancelled',
  'folded',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery was not sent: inside the list's quiet hours, a duplicate within 5 min, or the alarm was confirmed before its escalation fell due. */
export const DELIVERY_REASONS = ['quiet_hours', 'duplicate', 'confirmed'] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

/** The topic of the daily summary. */
export const DAILY_SUMMARY_TOPIC = 'daily_summary';
/** The topic of a location's alarms. */
export const locationTopic = (locationId: number) => `location:${locationId}`;
/** How topic names look: "location:<id>" (a location's alarms) or "daily_summary". */
export const TOPIC_PATTERN = '^(daily_summary|location:[1-9][0-9]{0,15})$';
