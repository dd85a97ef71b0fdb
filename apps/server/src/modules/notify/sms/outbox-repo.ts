import type { SmsOutboxEntry } from '@thunderwatch/shared/schemas/sms';
import type { Queryable } from '../../../db/database.js';

export class SmsOutboxRepo {
  constructor(private readonly db: Queryable) {}

  async record(e: Omit<SmsOutboxEntry, 'id' | 'created_at'>): Promise<void> {
    await this.db.query(
      'INSERT INTO sms_outbox (phone, message, provider, status, error) VALUES ($1, $2, $3, $4, $5)',
      [e.phone, e.message, e.provider, e.status, e.error],
    );
  }

  async list(limit: number, offset: number): Promise<{ items: SmsOutboxEntry[]; total: number }> {
    const [items, total] = await Promise.all([
      this.db.query<Omit<SmsOutboxEntry, 'created_at'> & { created_at: Date }>(
        'SELECT id, phone, message, provider, status, error, created_at FROM sms_outbox ORDER BY id DESC LIMIT $1 OFFSET $2',
        [limit, offset],
      ),
      this.db.query<{ n: number }>('SELECT count(*) AS n FROM sms_outbox'),
    ]);
    return {
      items: items.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      total: total.rows[0]?.n ?? 0,
    };
  }
}
