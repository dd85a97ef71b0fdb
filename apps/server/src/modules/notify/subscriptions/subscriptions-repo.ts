import type { Database } from '../../../db/database.js';

/** SQL of topic subscriptions: which topics ("location:<id>", "daily_summary") a user follows. */
export class SubscriptionsRepo {
  constructor(private readonly db: Database) {}

  async ofUser(userId: number): Promise<Set<string>> {
    const { rows } = await this.db.query<{ topic: string }>(
      'SELECT topic FROM notification_subscriptions WHERE user_id = $1',
      [userId],
    );
    return new Set(rows.map((r) => r.topic));
  }

  /** Subscribes and unsubscribes in one transaction; subscribing twice keeps one subscription. */
  async change(
    userId: number,
    subscribe: readonly string[],
    unsubscribe: readonly string[],
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (unsubscribe.length > 0) {
        await tx.query(
          'DELETE FROM notification_subscriptions WHERE user_id = $1 AND topic = ANY($2::text[])',
          [userId, unsubscribe],
        );
      }
      if (subscribe.length > 0) {
        await tx.query(
          `INSERT INTO notification_subscriptions (user_id, topic, created_at)
           SELECT $1, topic, $3 FROM unnest($2::text[]) AS topic
           ON CONFLICT (user_id, topic) DO NOTHING`,
          [userId, subscribe, at],
        );
      }
    });
  }
}
