import type { Queryable } from '../db/database.js';
import type { NewDelivery } from '../modules/notify/delivery/outbox-repo.js';
import type { TestApp, TestUser } from './harness.js';

/** Test set-up shared by the notification suites: locations, alarms and outbox rows without the engine. */

export async function createLocation(t: TestApp, user: TestUser, name: string): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/locations/',
    token: user.access,
    payload: { name, shape: { type: 'Point', coordinates: [113.3, 23.4] } },
  });
  if (res.statusCode !== 201) throw new Error(`create location failed: ${res.body}`);
  return res.json().id;
}

/** An alarm as the warning engine would have written it (with its episode), raised at `at`. */
export async function insertAlarm(
  db: Queryable,
  a: { locationId: number; groupId: number; level: 1 | 2 | 3; at: Date },
): Promise<number> {
  const alert = await db.query<{ id: string }>(
    `INSERT INTO alerts (location_id, group_id, started_at, ended_at, peak_level)
     VALUES ($1, $2, $3, $3, $4) RETURNING id`,
    [a.locationId, a.groupId, a.at, a.level],
  );
  const alarm = await db.query<{ id: string }>(
    `INSERT INTO alarms (alert_id, location_id, group_id, level, previous_level, created_at)
     VALUES ($1, $2, $3, $4, 0, $5) RETURNING id`,
    [alert.rows[0]?.id, a.locationId, a.groupId, a.level, a.at],
  );
  return Number(alarm.rows[0]?.id);
}

let keys = 0;

/** A test delivery row; override what the test is about. */
export function delivery(over: Partial<NewDelivery> & Pick<NewDelivery, 'groupId'>): NewDelivery {
  const at = over.createdAt ?? new Date('2026-11-23T02:00:00Z');
  return {
    idempotencyKey: `test:${++keys}:${process.pid}`,
    event: 'test',
    alarmId: null,
    listId: null,
    tier: 0,
    channel: 'inapp',
    recipientKind: 'user',
    recipientValue: '0',
    userId: null,
    address: '0',
    language: 'en',
    locationId: null,
    level: null,
    quietHours: null,
    timeZone: 'Asia/Shanghai',
    channelOptions: null,
    payload: { event: 'test', at: at.toISOString(), board_url: 'http://localhost/realtimealert' },
    createdAt: at,
    nextAttemptAt: at,
    ...over,
  };
}
