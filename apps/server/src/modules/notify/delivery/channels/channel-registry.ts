import type { Channel } from '@thunderwatch/shared/notifications';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from './delivery-channel.js';

/** The delivery channels by name. A channel that is missing or unavailable fails its messages for good. */
export class ChannelRegistry {
  private readonly channels = new Map<Channel, DeliveryChannel>();

  constructor(channels: readonly DeliveryChannel[]) {
    for (const c of channels) this.channels.set(c.name, c);
  }

  get(name: Channel): DeliveryChannel | undefined {
    return this.channels.get(name);
  }

  /** Whether each channel can send, and if not why (for the screens and the test action). */
  status(): { channel: Channel; unavailable: string | null }[] {
    return [...this.channels.values()].map((c) => ({ channel: c.name, unavailable: c.unavailable }));
  }

  async send(message: OutgoingMessage): Promise<void> {
    const channel = this.channels.get(message.channel);
    if (!channel) {
      throw new ChannelError('notification.channel_unavailable', `No ${message.channel} channel`, true);
    }
    if (channel.unavailable !== null) {
      throw new ChannelError('notification.channel_unavailable', channel.unavailable, true);
    }
    await channel.send(message);
  }
}
