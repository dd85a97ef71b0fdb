import type { Language } from '@thunderwatch/shared/languages';
import type { Queryable } from '../../../db/database.js';
import type { AlarmList, DeliveryUser } from './delivery-plan.js';

interface UserRow {
  id: string;
  group_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  openid: string | null;
  language: Language;
  time_zone: string;
  notification_prefs: DeliveryUser['prefs'];
  role: string;
}

const USER_COLUMNS = `u.id, u.group_id, COALESCE(NULLIF(u.name, ''), u.username) AS name, u.email, u.phone, b.openid,
  u.language, u.time_zone, u.notification_prefs, u.role`;

const toUser = (r: UserRow): DeliveryUser => ({
  id: Number(r.id),
  groupId: Number(r.group_id),
  name: r.name,
  email: r.email,
  phone: r.phone,
  openid: r.openid,
  language: r.language,
  timeZone: r.time_zone,
  prefs: r.notification_prefs ?? {},
  admin: r.role === 'admin',
  role: r.role,
});

/** SQL of who alarms go to: the groups' distribution lists, users' addresses and topic subscribers. */
export class RecipientsRepo {
  async listsOfGroups(tx: Queryable, groupIds: readonly number[]): Promise<AlarmList[]> {
    const { rows } = await tx.query<AlarmList & { id: string; group_id: string }>(
      `SELECT id, group_id, locations, min_level, channels, recipients, quiet_hours, escalate_after_min, escalate_to,
         language
       FROM distribution_lists WHERE group_id = ANY($1::bigint[])`,
      [groupIds],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), group_id: Number(r.group_id) }));
  }

  /** Enabled users by id, with the WeChat account they bound. */
  async users(tx: Queryable, ids: readonly number[]): Promise<DeliveryUser[]> {
    if (ids.length === 0) return [];
    const { rows } = await tx.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN wechat_bindings b ON b.user_id = u.id
       WHERE u.id = ANY($1::bigint[]) AND NOT u.disabled`,
      [ids],
    );
    return rows.map(toUser);
  }

  /** The enabled members of each group with one of `roles` (what `role` recipients resolve to when sent). */
  async members(
    tx: Queryable,
    groupIds: readonly number[],
    roles: readonly string[],
  ): Promise<Map<number, DeliveryUser[]>> {
    const out = new Map<number, DeliveryUser[]>();
    if (groupIds.length === 0 || roles.length === 0) return out;
    const { rows } = await tx.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN wechat_bindings b ON b.user_id = u.id
       WHERE u.group_id = ANY($1::bigint[]) AND u.role = ANY($2::text[]) AND NOT u.disabled ORDER BY u.id`,
      [groupIds, roles],
    );
    for (const r of rows) {
      const user = toUser(r);
      const members = out.get(user.groupId);
      if (members) members.push(user);
      else out.set(user.groupId, [user]);
    }
    return out;
  }

  /** Enabled subscribers of the topics, each only for topics of their own group's locations. */
  async subscribers(tx: Queryable, topics: readonly string[]): Promise<Map<string, DeliveryUser[]>> {
    const out = new Map<string, DeliveryUser[]>();
    if (topics.length === 0) return out;
    const { rows } = await tx.query<UserRow & { topic: string }>(
      `SELECT s.topic, ${USER_COLUMNS}
       FROM notification_subscriptions s
       JOIN users u ON u.id = s.user_id AND NOT u.disabled
       LEFT JOIN wechat_bindings b ON b.user_id = u.id
       WHERE s.topic = ANY($1::text[])`,
      [topics],
    );
    for (const r of rows) {
      const list = out.get(r.topic) ?? [];
      list.push(toUser(r));
      out.set(r.topic, list);
    }
    return out;
  }
}
