import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import type { DisasterWarningFacts } from './channels/delivery-channel.js';
import { type AlarmList, type DeliveryUser, eventsOf, planDeliveries } from './delivery-plan.js';
import { targetHash } from './target-hash.js';

const AT = new Date('2026-07-01T06:00:00Z');
const facts = (level: 1 | 2 | 3 | 4, previous: 0 | 1 | 2 | 3 = 0): DisasterWarningFacts => ({
  disaster_warning_id: 4,
  region_code: '440300',
  region_name_zh: '深圳',
  region_name_en: 'Shenzhen',
  level,
  previous_level: previous,
  reasons: ['density_1h'],
  cg_flashes_1h: 100,
  max_abs_ka: 30,
  location_id: 11,
  location_name: 'Port',
  at: AT.toISOString(),
  board_url: 'http://tw/',
});
const operator: DeliveryUser = {
  id: 1,
  groupId: 1,
  name: 'Operator',
  email: null,
  phone: null,
  openid: null,
  language: 'en',
  timeZone: 'Asia/Shanghai',
  prefs: {},
};
const list = (minLevel: 1 | 2 | 3): AlarmList => ({
  id: 5,
  group_id: 1,
  locations: 'all',
  min_level: minLevel,
  channels: ['inapp'],
  recipients: [{ kind: 'user', value: '1' }],
  quiet_hours: null,
  escalate_after_min: 30,
  escalate_to: [{ kind: 'user', value: '1' }],
  language: null,
});
const plan = (level: 1 | 2 | 3 | 4, minLevel: 1 | 2 | 3, previous: 0 | 1 | 2 | 3 = 0) =>
  planDeliveries(eventsOf(MESSAGES, 'disaster', [{ groupId: 1, at: AT, facts: facts(level, previous) }]), {
    lists: [list(minLevel)],
    users: new Map([[1, operator]]),
    subscribers: new Map(),
    defaults: { language: 'zh-Hans', timeZone: 'Asia/Shanghai' },
  });

describe('planDeliveries of disaster warnings', () => {
  // Lists compare the colour: yellow (2) is 1, orange (3) is 2, red (4) is 3; blue (1) is below every list.
  it.each([
    [1, 1, 0],
    [2, 1, 1],
    [2, 2, 0],
    [3, 2, 1],
    [3, 3, 0],
    [4, 3, 1],
  ] as const)('a level %i warning and a list from level %i: %i message(s)', (level, minLevel, n) => {
    expect(plan(level, minLevel)).toHaveLength(n);
  });

  it('keys each level of a warning apart (raised: told again), with no escalation tier', () => {
    const [orange] = plan(3, 1);
    const [red] = plan(4, 1, 3);
    expect(orange).toMatchObject({ event: 'disaster', tier: 0, level: 2, locationId: 11 });
    expect(orange?.idempotencyKey).toBe(`disaster:4:l3:11:t0:inapp:user:${targetHash('1')}`);
    expect(red?.idempotencyKey).toBe(`disaster:4:l4:11:t0:inapp:user:${targetHash('1')}`);
  });
});
