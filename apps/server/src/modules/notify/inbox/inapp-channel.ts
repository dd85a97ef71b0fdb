import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import {
  ChannelError,
  type DeliveryChannel,
  type OutgoingMessage,
} from '../delivery/channels/delivery-channel.js';
import { disasterDeliveryLevel } from '../delivery/templates/disaster-words.js';
import { renderMessage } from '../delivery/templates/render-message.js';
import type { InboxRepo } from './inbox-repo.js';

/** In-app: the message goes into the user's inbox and, live, to their open sessions (socket `notification`). */
export class InappChannel implements DeliveryChannel {
  readonly name = 'inapp';
  readonly unavailable = null;
  private push: ((userId: number, item: InboxItem) => void) | null = null;

  constructor(
    private readonly inbox: InboxRepo,
    private readonly now: () => Date,
  ) {}

  /** Where live messages go (the socket server exists only once the HTTP server does). */
  attach(push: (userId: number, item: InboxItem) => void): void {
    this.push = push;
  }

  async send(m: OutgoingMessage): Promise<void> {
    if (m.userId === null)
      throw new ChannelError('notification.no_user', 'In-app messages need a user', true);
    const text = renderMessage(m.payload, m.language, m.timeZone);
    const alarm = 'alarm' in m.payload ? m.payload.alarm : null;
    const about =
      alarm ??
      ('typhoon' in m.payload ? m.payload.typhoon : null) ??
      ('wave' in m.payload ? m.payload.wave : null) ??
      ('weather_warning' in m.payload ? m.payload.weather_warning : null) ??
      ('flight' in m.payload ? m.payload.flight : null);
    const device = 'device' in m.payload ? m.payload.device : null;
    const disaster = 'disaster' in m.payload ? m.payload.disaster : null;
    const item = await this.inbox.insert({
      userId: m.userId,
      groupId: m.groupId,
      deliveryId: m.deliveryId,
      event: m.event,
      alarmId: alarm?.alarm_id ?? null,
      locationId: about?.location_id ?? disaster?.location_id ?? null,
      // Disaster levels run to 4: the inbox keeps the lists' scale (yellow 1 … red 3), as lists do.
      level: about?.level ?? device?.level ?? (disaster ? disasterDeliveryLevel(disaster.level) : null),
      title: text.title,
      body: text.body,
      link: text.link,
      createdAt: this.now(),
    });
    this.push?.(m.userId, item);
  }
}
