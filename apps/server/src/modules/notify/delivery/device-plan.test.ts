import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import type { DeviceEventFacts } from './channels/delivery-channel.js';
import { type AlarmList, type DeliveryUser, eventsOf, planDeliveries } from './delivery-plan.js';
import { targetHash } from './target-hash.js';

const AT = new Date('2026-07-01T06:00:00Z');
const FACTS: DeviceEventFacts = {
  device_event_id: 9,
  change: 'offline',
  device_id: 'GZ-01',
  device_name: 'Baiyun north',
  device_kind: 'station',
  model: 'LS7002',
  last_heartbeat_at: '2026-07-01T05:50:00Z',
  offline_min: 10,
  at: AT.toISOString(),
  level: 2,
  board_url: 'http://tw/',
};
const user = (id: number, groupId: number): DeliveryUser => ({
  id,
  groupId,
  name: `User ${id}`,
  email: null,
  phone: null,
  openid: null,
  language: 'en',
  timeZone: 'Asia/Shanghai',
  prefs: { in_app: true },
});
const list = (o: Partial<AlarmList>): AlarmList => ({
  id: 5,
  group_id: 1,
  locations: 'all',
  min_level: 1,
  channels: ['inapp'],
  recipients: [{ kind: 'user', value: '1' }],
  quiet_hours: null,
  escalate_after_min: 30,
  escalate_to: [{ kind: 'user', value: '2' }],
  language: null,
  ...o,
});
const plan = (lists: AlarmList[]) =>
  planDeliveries(eventsOf(MESSAGES, 'device', [{ groupId: 1, at: AT, facts: FACTS }]), {
    lists,
    users: new Map([
      [1, user(1, 1)],
      [2, user(2, 1)],
      [3, user(3, 2)],
    ]),
    // A location's subscribers hear of its alarms, not of devices.
    subscribers: new Map([['location:11', [user(1, 1)]]]),
    defaults: { language: 'zh-Hans', timeZone: 'Asia/Shanghai' },
  });

describe('planDeliveries of device changes', () => {
  it.each([
    ['a list of every location', list({}), 1],
    ['a list of some locations (a device serves the whole group)', list({ locations: [11, 12] }), 1],
    ['a list from orange', list({ min_level: 2 }), 1],
    ['a list from red only', list({ min_level: 3 }), 0],
    ['a list of another group', list({ group_id: 2, recipients: [{ kind: 'user', value: '3' }] }), 0],
  ])('%s: %i message(s)', (_name, l, n) => {
    expect(plan([l])).toHaveLength(n);
  });

  it('has no escalation tier and one key per change and recipient', () => {
    const rows = plan([list({}), list({ id: 6 })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'device', tier: 0, level: 2, locationId: null, listId: 5 });
    expect(rows[0]?.idempotencyKey).toBe(`device:9:t0:inapp:user:${targetHash('1')}`);
  });
});
