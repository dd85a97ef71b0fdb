import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import {
  ChannelError,
  type DeliveryChannel,
  type OutgoingMessage,
} from '../delivery/channels/delivery-channel.js';
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
    const text = m.words.text(m.language);
    const { alarmId, locationId, level } = m.words.about;
    const item = await this.inbox.insert({
      userId: m.userId,
      groupId: m.groupId,
      deliveryId: m.deliveryId,
      event: m.event,
      alarmId,
      locationId,
      level,
      title: text.title,
      body: text.body,
      link: text.link,
      createdAt: this.now(),
    });
    this.push?.(m.userId, item);
  }
}
