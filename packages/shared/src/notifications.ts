/** Notification vocabulary shared by server and web: distribution lists and their recipients. */

export const CHANNELS = ['inapp', 'email', 'sms', 'webhook', 'wechat'] as const;
export type Channel = (typeof CHANNELS)[number];

export const RECIPIENT_KINDS = ['user', 'phone', 'email', 'webhook', 'wechat'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** `value`: a user id (as a string), a phone number, an e-mail address, a webhook URL or a WeChat openid. */
export interface Recipient {
  kind: RecipientKind;
  value: string;
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
  recipients: Recipient[];
  quiet_hours?: QuietHours | null;
  escalate_after_min?: number | null;
  escalate_to?: Recipient[] | null;
}
