import { channelsFor } from '@thunderwatch/domain/notify/delivery-rules';
import type { Language } from '@thunderwatch/shared/languages';
import { type Channel, hasRecipientRole, locationTopic } from '@thunderwatch/shared/notifications';
import type { DistributionList, Recipient } from '@thunderwatch/shared/schemas/distribution';
import type { ChannelOptions } from './channels/delivery-channel.js';
import type { NewDelivery } from './outbox-repo.js';
import { targetHash } from './target-hash.js';
import type { Messages, PayloadOf, Telling, ToldEvent } from './templates/message-kind.js';

/** A user as delivery needs them: where each channel reaches them, and how they read. */
export interface DeliveryUser {
  id: number;
  groupId: number;
  name: string;
  email: string | null;
  phone: string | null;
  openid: string | null;
  language: Language;
  timeZone: string;
  /** Channels the user chose for topics they subscribe to. */
  prefs: { in_app?: boolean; email?: boolean; sms?: boolean; wechat?: boolean };
  /** Administrators see every group: they may be on any group's list or follow any group's sites. */
  admin?: boolean;
  /** Their role, which `role` recipients match (absent: matches none). */
  role?: string;
}

/** What alarm fan-out reads of a distribution list. */
export type AlarmList = Pick<
  DistributionList,
  | 'id'
  | 'group_id'
  | 'locations'
  | 'min_level'
  | 'channels'
  | 'recipients'
  | 'quiet_hours'
  | 'escalate_after_min'
  | 'escalate_to'
  | 'language'
>;

/** Who may hear a batch of events, and how those who are not users read. */
export interface Audience {
  lists: readonly AlarmList[];
  users: ReadonlyMap<number, DeliveryUser>;
  /** Subscribers per topic ("location:<id>"). */
  subscribers: ReadonlyMap<string, readonly DeliveryUser[]>;
  /** The members of each group, by group id, for `role` recipients (only groups whose lists name a role). */
  members?: ReadonlyMap<number, readonly DeliveryUser[]>;
  /** Language (unless the list names one) and time zone of addresses that are not users. */
  defaults: { language: Language; timeZone: string };
}

const PREF_CHANNELS: readonly [keyof DeliveryUser['prefs'], Channel][] = [
  ['in_app', 'inapp'],
  ['email', 'email'],
  ['sms', 'sms'],
  ['wechat', 'wechat'],
];

/** Where a channel reaches a user, if it does. */
export function userAddress(user: DeliveryUser, channel: Channel): string | null {
  switch (channel) {
    case 'inapp':
      return String(user.id);
    case 'email':
      return user.email;
    case 'sms':
      return user.phone;
    case 'wechat':
      return user.openid;
    case 'webhook':
    case 'dingtalk':
    case 'wecom':
    case 'feishu':
    case 'slack':
      return null;
  }
}

/** Where a user wants messages of their own subscriptions: the channels they chose that have an address. */
export function preferredTargets(user: DeliveryUser): { channel: Channel; address: string }[] {
  return PREF_CHANNELS.flatMap(([pref, channel]) => {
    const address = user.prefs[pref] ? userAddress(user, channel) : null;
    return address ? [{ channel, address }] : [];
  });
}

function optionsOf(r: Recipient): ChannelOptions | null {
  const { format, secret } = r as Recipient & ChannelOptions;
  if (format === undefined && secret === undefined) return null;
  return { ...(format ? { format } : {}), ...(secret ? { secret } : {}) };
}

/** The events an area tells, and what each says: its payload's facts, by the event's name. */
export type EventKind = ToldEvent;
export type EventFacts = { [K in EventKind]: PayloadOf<K>[K & keyof PayloadOf<K>] };

/** One event to fan out to a group's lists and a location's subscribers. */
export interface OutboxEvent extends Telling {
  groupId: number;
  at: Date;
  payload: Extract<NewDelivery['payload'], { event: EventKind }>;
  /** Only this list hears it, whatever its minimum level and sites (a report is not a warning). */
  listId?: number;
  /** Only through these channels (an episode's message within the push interval: in the app only). */
  channels?: readonly Channel[];
}

/** The events of a batch of one kind. */
export function eventsOf<K extends EventKind>(
  messages: Pick<Messages, 'told'>,
  kind: K,
  items: readonly { groupId: number; at: Date; facts: EventFacts[K]; channels?: readonly Channel[] }[],
): OutboxEvent[] {
  return items.map(({ groupId, at, facts, channels }) => {
    // Every told payload keeps its facts under the event's name.
    const payload = { event: kind, [kind]: facts } as unknown as PayloadOf<K>;
    const told = messages.told(payload);
    return {
      groupId,
      at,
      ...told,
      payload: payload as OutboxEvent['payload'],
      ...(channels ? { channels } : {}),
    };
  });
}

/**
 * Every delivery of a batch of events: for each list of the event's group that covers its location (any list
 * of the group for an event of no location) and level, one per recipient and channel that reaches it (users
 * through each of the list's channels they have an address for), the escalation tier due N minutes after a
 * lightning alarm, and the subscribers of the location's topic through the channels they chose. One key per
 * (event, tier, channel, recipient): a recipient on two lists, or on a list and subscribed, gets one message.
 */
export function planDeliveries(events: readonly OutboxEvent[], input: Audience): NewDelivery[] {
  const out = new Map<string, NewDelivery>();
  for (const e of events) planEvent(e, input, out);
  return [...out.values()];
}

function planEvent(e: OutboxEvent, input: Audience, out: Map<string, NewDelivery>): void {
  const base = {
    groupId: e.groupId,
    event: e.payload.event,
    alarmId: e.alarmId,
    locationId: e.locationId,
    level: e.level,
    payload: e.payload,
    createdAt: e.at,
  };
  const add = (
    r: Recipient,
    channel: Channel,
    tier: 0 | 1,
    list: AlarmList | null,
    dueAt: Date,
    known?: DeliveryUser,
  ) => {
    if (e.channels && !e.channels.includes(channel)) return;
    const user = r.kind === 'user' ? (known ?? input.users.get(Number(r.value))) : undefined;
    // A user who has left the alarm's group hears no more of it; administrators hear every group.
    if (r.kind === 'user' && (!user || (user.groupId !== e.groupId && !user.admin))) return;
    const address = user ? userAddress(user, channel) : r.value;
    if (!address) return;
    // The target hashed: a key is shown to receivers and in the database view, a robot URL carries its token.
    const key = `${e.key}:t${tier}:${channel}:${r.kind}:${targetHash(r.value)}`;
    if (out.has(key)) return;
    out.set(key, {
      ...base,
      idempotencyKey: key,
      listId: list?.id ?? null,
      tier,
      channel,
      recipientKind: r.kind,
      recipientValue: r.value,
      userId: user?.id ?? null,
      address,
      // Users read their own language; addresses, webhooks and robots the list's, else the default.
      language: user?.language ?? list?.language ?? input.defaults.language,
      timeZone: user?.timeZone ?? input.defaults.timeZone,
      quietHours: list?.quiet_hours ?? null,
      channelOptions: optionsOf(r),
      // An escalation counts from when it falls due: its latency, and its place in the duplicate window.
      createdAt: dueAt,
      nextAttemptAt: dueAt,
    });
  };
  // A report goes to the one list its schedule names, whatever the list's minimum level and sites.
  const lists =
    e.listId === undefined
      ? input.lists
      : input.lists
          .filter((l) => l.id === e.listId)
          .map((l) => ({ ...l, min_level: 1 as const, locations: 'all' as const }));
  for (const list of lists) {
    if (list.group_id !== e.groupId || e.level < list.min_level) continue;
    if (e.locationId !== null && list.locations !== 'all' && !list.locations.includes(e.locationId)) continue;
    const each = (recipients: readonly Recipient[], tier: 0 | 1, due: Date) => {
      for (const r of recipients) {
        if (r.kind !== 'role') {
          for (const c of channelsFor(r.kind, list.channels)) add(r, c, tier, list, due);
          continue;
        }
        // A role is the group's members of that role or above as they are now, each told as a user.
        for (const user of input.members?.get(e.groupId) ?? []) {
          if (!hasRecipientRole(user.role ?? '', r.value)) continue;
          const recipient: Recipient = { kind: 'user', value: String(user.id) };
          for (const c of channelsFor('user', list.channels)) add(recipient, c, tier, list, due, user);
        }
      }
    };
    each(list.recipients, 0, e.at);
    if (e.escalates && list.escalate_after_min && list.escalate_to) {
      each(list.escalate_to, 1, new Date(e.at.getTime() + list.escalate_after_min * 60_000));
    }
  }
  const topic = e.locationId === null ? null : locationTopic(e.locationId);
  for (const user of (topic && input.subscribers.get(topic)) || []) {
    const recipient: Recipient = { kind: 'user', value: String(user.id) };
    for (const { channel } of preferredTargets(user)) add(recipient, channel, 0, null, e.at, user);
  }
}
