import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import { DAILY_SUMMARY_TOPIC, locationTopic } from '@thunderwatch/shared/notifications';
import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { SubscriptionsRepo } from './subscriptions-repo.js';

/** The location id of a "location:<id>" topic, or null for the daily summary. */
function locationOf(topic: string): number | null {
  return topic.startsWith('location:') ? Number(topic.slice('location:'.length)) : null;
}

const notFound = (topic: string) =>
  new AppError('notification.topic_not_found', 404, `No topic ${topic} you may subscribe to`);

export interface TopicBatch {
  subscribe: readonly string[];
  unsubscribe: readonly string[];
}

/**
 * Topics a user may follow (the alarms of their own group's locations, every group's for an admin, and the
 * daily summary) and their subscriptions to them. Managing one's own subscriptions needs `profile.update`,
 * which every role has; what keeps groups apart is that only locations the caller may see are topics. A topic the
 * user still holds but may no longer see (the location was deleted) can be unsubscribed, never subscribed.
 */
export class TopicsService {
  constructor(
    private readonly d: {
      subscriptions: SubscriptionsRepo;
      /** The sites of a group (of every group for null): a topic each. */
      locations: {
        ofGroup(groupId: number | null): Promise<{ id: number; name: string; nameEn: string | null }[]>;
      };
      now: () => Date;
    },
  ) {}

  /** Every topic the caller may subscribe to, the daily summary first. */
  async list(user: AuthUser): Promise<Topic[]> {
    requirePermission(user, 'profile.update');
    const [locations, held] = await Promise.all([
      this.d.locations.ofGroup(groupScope(user)),
      this.d.subscriptions.ofUser(user.id),
    ]);
    const topics: Omit<Topic, 'subscribed'>[] = [
      {
        id: DAILY_SUMMARY_TOPIC,
        kind: 'daily_summary',
        location_id: null,
        location_name: null,
        location_name_en: null,
      },
      ...locations.map((l) => ({
        id: locationTopic(l.id),
        kind: 'location_alarms' as const,
        location_id: l.id,
        location_name: l.name,
        location_name_en: l.nameEn,
      })),
    ];
    return topics.map((t) => ({ ...t, subscribed: held.has(t.id) }));
  }

  async get(user: AuthUser, topic: string): Promise<Topic> {
    requirePermission(user, 'profile.update');
    const found = (await this.list(user)).find((t) => t.id === topic);
    if (!found) throw notFound(topic);
    return found;
  }

  /** The topics the caller follows (that they may still see). */
  async mine(user: AuthUser): Promise<Topic[]> {
    requirePermission(user, 'profile.update');
    return (await this.list(user)).filter((t) => t.subscribed);
  }

  async subscribe(user: AuthUser, topic: string): Promise<Topic> {
    requirePermission(user, 'profile.update');
    const topics = await this.list(user);
    if (!topics.some((t) => t.id === topic)) throw notFound(topic);
    await this.d.subscriptions.change(user.id, [topic], [], this.d.now());
    return this.get(user, topic);
  }

  async unsubscribe(user: AuthUser, topic: string): Promise<Topic> {
    requirePermission(user, 'profile.update');
    const [topics, held] = await Promise.all([this.list(user), this.d.subscriptions.ofUser(user.id)]);
    const visible = topics.find((t) => t.id === topic);
    if (!visible && !held.has(topic)) throw notFound(topic);
    await this.d.subscriptions.change(user.id, [], [topic], this.d.now());
    return visible ? { ...visible, subscribed: false } : staleTopic(topic);
  }

  /** Subscribes and unsubscribes several topics at once: all of it, or (any topic refused) none of it. */
  async batch(user: AuthUser, batch: TopicBatch): Promise<Topic[]> {
    requirePermission(user, 'profile.update');
    const [topics, held] = await Promise.all([this.list(user), this.d.subscriptions.ofUser(user.id)]);
    const visible = new Set(topics.map((t) => t.id));
    const problems: ErrorDetail[] = [];
    batch.subscribe.forEach((topic, i) => {
      if (!visible.has(topic))
        problems.push({ field: `subscribe/${i}`, message: `${topic} is not a topic of yours` });
    });
    const subscribing = new Set(batch.subscribe);
    batch.unsubscribe.forEach((topic, i) => {
      if (subscribing.has(topic))
        problems.push({ field: `unsubscribe/${i}`, message: `${topic} is in subscribe too` });
      else if (!visible.has(topic) && !held.has(topic))
        problems.push({ field: `unsubscribe/${i}`, message: `${topic} is not a topic of yours` });
    });
    if (problems.length > 0)
      throw new AppError('validation.failed', 400, 'Some topics were refused', problems);
    await this.d.subscriptions.change(user.id, batch.subscribe, batch.unsubscribe, this.d.now());
    return this.list(user);
  }
}

function staleTopic(topic: string): Topic {
  const locationId = locationOf(topic);
  return {
    id: topic,
    kind: locationId === null ? 'daily_summary' : 'location_alarms',
    location_id: locationId,
    location_name: null,
    location_name_en: null,
    subscribed: false,
  };
}
