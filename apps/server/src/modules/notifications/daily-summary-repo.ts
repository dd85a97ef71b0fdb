import type { Language } from '@thunderwatch/shared/languages';
import type { Queryable } from '../../db/database.js';

/** The users table's `notification_prefs`: which channels a user wants their own messages on. */
export interface NotificationPrefs {
  in_app?: boolean;
  sms?: boolean;
  email?: boolean;
  wechat?: boolean;
}

/** A subscriber of the daily summary with every address they could be reached at. */
export interface SummarySubscriber {
  userId: number;
  groupId: number;
  language: Language;
  timeZone: string;
  prefs: NotificationPrefs;
  email: string | null;
  phone: string | null;
  wechatOpenid: string | null;
}

/** One location's alarms of a day. */
export interface LocationDay {
  id: number;
  name: string;
  alarms: number;
  red: number;
  peakLevel: number;
}

/** SQL of the daily summary: who wants it, and a group's alarms of a day. */
export class DailySummaryRepo {
  constructor(private readonly db: Queryable) {}

  async subscribers(topic: string): Promise<SummarySubscriber[]> {
    const { rows } = await this.db.query<{
      id: string;
      group_id: string;
      language: Language;
      time_zone: string;
      notification_prefs: NotificationPrefs | null;
      email: string | null;
      phone: string | null;
      openid: string | null;
    }>(
      `SELECT u.id, u.group_id, u.language, u.time_zone, u.notification_prefs, u.email, u.phone, w.openid
       FROM notification_subscriptions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN wechat_bindings w ON w.user_id = u.id
       WHERE s.topic = $1 AND NOT u.disabled
       ORDER BY u.id`,
      [topic],
    );
    return rows.map((r) => ({
      userId: Number(r.id),
      groupId: Number(r.group_id),
      language: r.language,
      timeZone: r.time_zone,
      prefs: r.notification_prefs ?? {},
      email: r.email,
      phone: r.phone,
      wechatOpenid: r.openid,
    }));
  }

  /** The group's alarms raised in [from, to), per location, the busiest first. */
  async alarmsByLocation(groupId: number, from: Date, to: Date): Promise<LocationDay[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      alarms: number;
      red: number;
      peak_level: number;
    }>(
      `SELECT a.location_id AS id, l.name, count(*)::int AS alarms,
         count(*) FILTER (WHERE a.level = 3)::int AS red, max(a.level)::int AS peak_level
       FROM alarms a JOIN locations l ON l.id = a.location_id
       WHERE a.group_id = $1 AND a.created_at >= $2 AND a.created_at < $3
       GROUP BY a.location_id, l.name
       ORDER BY max(a.level) DESC, count(*) DESC, l.name`,
      [groupId, from, to],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      alarms: r.alarms,
      red: r.red,
      peakLevel: r.peak_level,
    }));
  }
}
