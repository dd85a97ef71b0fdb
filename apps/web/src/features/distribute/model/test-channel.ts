import type { Channel, RecipientKind } from '@thunderwatch/shared/notifications';

/** The channel a test to each kind of recipient goes through. */
export const TEST_CHANNEL: Record<RecipientKind, Channel> = {
  user: 'inapp',
  // Not tested as such (the server refuses): the row shows no test; each member is tested as a user.
  role: 'inapp',
  phone: 'sms',
  email: 'email',
  webhook: 'webhook',
  wechat: 'wechat',
  dingtalk: 'dingtalk',
  wecom: 'wecom',
  feishu: 'feishu',
  slack: 'slack',
};

/** The list's channel a test to this kind of recipient goes through, or null when the list has none for it. */
export function testChannelFor(kind: RecipientKind, channels: readonly Channel[]): Channel | null {
  const channel = TEST_CHANNEL[kind];
  return channels.includes(channel) ? channel : null;
}
