import type { Language } from '@thunderwatch/shared/languages';
import type { NotificationEvent } from '@thunderwatch/shared/notifications';
import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import type { Queryable } from '../../../db/database.js';
import type { NotificationPayload } from '../delivery/channels/delivery-channel.js';

export interface NewInboxItem {
  userId: number;
  groupId: number;
  deliveryId: number | null;
  event: NotificationEvent;
  alarmId: number | null;
  locationId: number | null;
  level: number | null;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
}

interface InboxRow {
  id: string;
  event: NotificationEvent;
  title: string;
  body: string;
  link: string | null;
  location_id: string | null;
  level: number | null;
  alarm_id: string | null;
  confirmed_at: Date | null;
  confirmed_by_id: string | null;
  confirmed_by_name: string | null;
  created_at: Date;
  read_at: Date | null;
  payload: NotificationPayload | null;
}

/** A message of the inbox with what happened (its delivery's payload; null once that is purged). */
export interface InboxEntry {
  item: InboxItem;
  payload: NotificationPayload | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

function toInboxItem(r: InboxRow): InboxItem {
  return {
    id: Number(r.id),
    event: r.event,
    title: r.title,
    body: r.body,
    link: r.link,
    location_id: num(r.location_id),
    level: r.level,
    alarm_id: num(r.alarm_id),
    alarm_confirmed_at: r.confirmed_at?.toISOString() ?? null,
    alarm_confirmed_by:
      r.confirmed_by_id === null ? null : { id: Number(r.confirmed_by_id), name: r.confirmed_by_name ?? '' },
    created_at: r.created_at.toISOString(),
    read_at: r.read_at?.toISOString() ?? null,
  };
}

const SELECT_ITEM = `
  SELECT n.id, n.event, n.title, n.body, n.link, n.location_id, n.level, n.alarm_id, n.created_at, n.read_at,
    a.confirmed_at, a.confirmed_by AS confirmed_by_id, COALESCE(NULLIF(u.name, ''), u.username) AS confirmed_by_name,
    d.payload
  FROM notifications n
  LEFT JOIN alarms a ON a.id = n.alarm_id
  LEFT JOIN users u ON u.id = a.confirmed_by
  LEFT JOIN deliveries d ON d.id = n.delivery_id`;

/** SQL of the in-app inbox. An alarm's message shows the alarm's confirmation, whoever made it. */
export class InboxRepo {
  constructor(private readonly db: Queryable) {}

  /** Adds a message; a delivery already in the inbox (a resend) is not added twice. Returns it either way. */
  async insert(item: NewInboxItem): Promise<InboxItem> {
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO notifications (user_id, group_id, delivery_id, event, alarm_id, location_id, level, title, body,
         link, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (delivery_id) DO UPDATE SET delivery_id = excluded.delivery_id
       RETURNING id`,
      [
        item.userId,
        item.groupId,
        item.deliveryId,
        item.event,
        item.alarmId,
        item.locationId,
        item.level,
        item.title,
        item.body,
        item.link,
        item.createdAt,
      ],
    );
    const id = Number(inserted.rows[0]?.id);
    const { rows } = await this.db.query<InboxRow>(`${SELECT_ITEM} WHERE n.id = $1`, [id]);
    return toInboxItem(rows[0] as InboxRow);
  }

  async list(
    userId: number,
    q: { unreadOnly: boolean; limit: number; offset: number },
  ): Promise<{ entries: InboxEntry[]; total: number; unread: number }> {
    const filter = q.unreadOnly ? 'AND n.read_at IS NULL' : '';
    const [items, counts] = await Promise.all([
      this.db.query<InboxRow>(
        `${SELECT_ITEM} WHERE n.user_id = $1 ${filter} ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
        [userId, q.limit, q.offset],
      ),
      this.db.query<{ total: number; unread: number }>(
        `SELECT count(*)${q.unreadOnly ? ' FILTER (WHERE read_at IS NULL)' : ''}::int AS total,
           count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM notifications n WHERE n.user_id = $1`,
        [userId],
      ),
    ]);
    return {
      entries: items.rows.map((r) => ({ item: toInboxItem(r), payload: r.payload })),
      total: counts.rows[0]?.total ?? 0,
      unread: counts.rows[0]?.unread ?? 0,
    };
  }

  /** The language and time zone a user reads in (their profile's). */
  async reader(userId: number): Promise<{ language: Language; timeZone: string } | null> {
    const r = await this.db.query<{ language: Language; time_zone: string }>(
      'SELECT language, time_zone FROM users WHERE id = $1',
      [userId],
    );
    const row = r.rows[0];
    return row ? { language: row.language, timeZone: row.time_zone } : null;
  }

  /** Marks the user's messages read (only theirs); returns how many changed. */
  async markRead(userId: number, ids: readonly number[], at: Date): Promise<number> {
    const result = await this.db.query(
      'UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL',
      [userId, ids, at],
    );
    return result.rowCount;
  }

  /** Retention: inbox messages older than `before`. */
  async purgeBefore(before: Date): Promise<number> {
    return (await this.db.query('DELETE FROM notifications WHERE created_at < $1', [before])).rowCount;
  }

  async markAllRead(userId: number, at: Date): Promise<number> {
    const result = await this.db.query(
      'UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL',
      [userId, at],
    );
    return result.rowCount;
  }
}
