import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import type { AlarmFacts } from './channels/delivery-channel.js';
import {
  type AlarmList,
  type Audience,
  type DeliveryUser,
  eventsOf,
  planDeliveries,
} from './delivery-plan.js';
import { targetHash } from './target-hash.js';

const AT = new Date('2026-11-21T06:00:00Z');
const facts = (over: Partial<AlarmFacts> = {}): AlarmFacts => ({
  alarm_id: 7,
  alert_id: 3,
  location_id: 11,
  location_name: 'Apron',
  level: 3,
  previous_level: 0,
  at: AT.toISOString(),
  nearest_km: 4.2,
  bearing_deg: 10,
  approach: null,
  board_url: 'http://tw/realtimealert',
  ...over,
});
const user = (id: number, over: Partial<DeliveryUser> = {}): DeliveryUser => ({
  id,
  groupId: 1,
  name: `User ${id}`,
  email: `u${id}@x.cn`,
  phone: `+861380000000${id}`,
  openid: null,
  language: 'en',
  timeZone: 'Europe/Berlin',
  prefs: { in_app: true },
  ...over,
});
const list = (over: Partial<AlarmList> = {}): AlarmList => ({
  id: 5,
  group_id: 1,
  locations: 'all',
  min_level: 1,
  channels: ['inapp', 'sms'],
  recipients: [{ kind: 'user', value: '1' }],
  quiet_hours: null,
  escalate_after_min: null,
  escalate_to: null,
  language: null,
  ...over,
});
/** A batch of lightning alarms and who may hear of them. */
type PlanInput = Audience & { alarms: { groupId: number; at: Date; facts: AlarmFacts }[] };
/** The deliveries of lightning alarms (one raised at AT unless `alarms` says). */
const planAlarms = ({
  alarms = [{ groupId: 1, at: AT, facts: facts() }],
  ...audience
}: Partial<PlanInput> & Audience) => planDeliveries(eventsOf(MESSAGES, 'alarm', alarms), audience);
const plan = (over: Partial<PlanInput> = {}) =>
  planAlarms({
    lists: [list()],
    users: new Map([
      [1, user(1)],
      [2, user(2, { email: null, openid: 'oWx_12345678' })],
      [9, user(9, { groupId: 2 })],
    ]),
    subscribers: new Map(),
    defaults: { language: 'zh-Hans', timeZone: 'Asia/Shanghai' },
    ...over,
  }).map((d) => `${d.tier}:${d.channel}:${d.recipientKind}:${d.address}`);

describe('planDeliveries of lightning alarms', () => {
  it.each<[string, Partial<PlanInput>, string[]]>([
    ['a user through each channel of the list', {}, ['0:inapp:user:1', '0:sms:user:+8613800000001']],
    [
      'addresses that are not users, only through their own channel',
      {
        lists: [
          list({
            channels: ['inapp', 'sms', 'email', 'webhook'],
            recipients: [
              { kind: 'phone', value: '+8613912345678' },
              { kind: 'email', value: 'duty@x.cn' },
              { kind: 'webhook', value: 'https://hook.example/tw' },
            ],
          }),
        ],
      },
      ['0:sms:phone:+8613912345678', '0:email:email:duty@x.cn', '0:webhook:webhook:https://hook.example/tw'],
    ],
    [
      'group robots through their own channel only, never a user through a robot channel',
      {
        lists: [
          list({
            channels: ['inapp', 'dingtalk', 'wecom', 'feishu', 'slack'],
            recipients: [
              { kind: 'user', value: '1' },
              { kind: 'dingtalk', value: 'https://oapi.dingtalk.com/robot/send?access_token=t' },
              { kind: 'wecom', value: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' },
              { kind: 'feishu', value: 'https://open.feishu.cn/open-apis/bot/v2/hook/h' },
              { kind: 'slack', value: 'https://hooks.slack.com/services/T/B/X' },
            ],
          }),
        ],
      },
      [
        '0:inapp:user:1',
        '0:dingtalk:dingtalk:https://oapi.dingtalk.com/robot/send?access_token=t',
        '0:wecom:wecom:https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
        '0:feishu:feishu:https://open.feishu.cn/open-apis/bot/v2/hook/h',
        '0:slack:slack:https://hooks.slack.com/services/T/B/X',
      ],
    ],
    [
      'a robot whose channel the list does not use',
      {
        lists: [
          list({
            channels: ['inapp', 'wecom'],
            recipients: [{ kind: 'dingtalk', value: 'https://oapi.dingtalk.com/robot/send?access_token=t' }],
          }),
        ],
      },
      [],
    ],
    [
      'a channel a user has no address for is skipped',
      { lists: [list({ channels: ['email', 'wechat'], recipients: [{ kind: 'user', value: '2' }] })] },
      ['0:wechat:user:oWx_12345678'],
    ],
    [
      'a level below the list minimum',
      { lists: [list({ min_level: 3 })], alarms: [{ groupId: 1, at: AT, facts: facts({ level: 2 }) }] },
      [],
    ],
    ['another location', { lists: [list({ locations: [12] })] }, []],
    [
      'the listed location',
      { lists: [list({ locations: [11, 12], channels: ['inapp'] })] },
      ['0:inapp:user:1'],
    ],
    ["another group's list", { lists: [list({ group_id: 2 })] }, []],
    [
      'a user who moved to another group',
      { lists: [list({ recipients: [{ kind: 'user', value: '9' }] })] },
      [],
    ],
    ['a user who is gone', { lists: [list({ recipients: [{ kind: 'user', value: '404' }] })] }, []],
    [
      'the escalation tier',
      {
        lists: [
          list({
            channels: ['sms'],
            escalate_after_min: 10,
            escalate_to: [{ kind: 'phone', value: '+8613700000007' }],
          }),
        ],
      },
      ['0:sms:user:+8613800000001', '1:sms:phone:+8613700000007'],
    ],
    [
      'one message for a recipient on two lists',
      { lists: [list(), list({ id: 6 })] },
      ['0:inapp:user:1', '0:sms:user:+8613800000001'],
    ],
    [
      'subscribers of the location through the channels they chose, once with the list',
      {
        lists: [list({ channels: ['inapp'] })],
        subscribers: new Map([
          [
            'location:11',
            [user(1, { prefs: { in_app: true, email: true } }), user(2, { prefs: { sms: true } })],
          ],
          ['location:12', [user(3)]],
        ]),
      },
      ['0:inapp:user:1', '0:email:user:u1@x.cn', '0:sms:user:+8613800000002'],
    ],
    ...(
      [
        ['group_admin', ['0:inapp:user:20', '0:inapp:user:21']],
        ['operator', ['0:inapp:user:20', '0:inapp:user:21', '0:inapp:user:22']],
        ['viewer', ['0:inapp:user:20', '0:inapp:user:21', '0:inapp:user:22', '0:inapp:user:23']],
      ] as const
    ).map(([role, expected]): [string, Partial<PlanInput>, string[]] => [
      `a role (${role}): the group's members of that role or above, as users`,
      {
        lists: [list({ channels: ['inapp'], recipients: [{ kind: 'role', value: role }] })],
        members: new Map([
          [
            1,
            [
              user(20, { role: 'admin' }),
              user(21, { role: 'group_admin' }),
              user(22, { role: 'operator' }),
              user(23, { role: 'viewer' }),
            ],
          ],
          [2, [user(30, { groupId: 2, role: 'group_admin' })]],
        ]),
      },
      [...expected],
    ]),
    [
      'a role with nobody in it, and a user named on the list besides the role, once',
      {
        lists: [
          list({
            channels: ['inapp'],
            recipients: [
              { kind: 'role', value: 'group_admin' },
              { kind: 'user', value: '1' },
            ],
          }),
        ],
        members: new Map([[1, [user(1, { role: 'group_admin' }), user(24, { role: 'operator' })]]]),
      },
      ['0:inapp:user:1'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(plan(input)).toEqual(expected);
  });

  it('sends an event that names its channels through those only (an episode within the push interval)', () => {
    const audience: Audience = {
      lists: [list({ channels: ['inapp', 'sms'] })],
      users: new Map([[1, user(1)]]),
      subscribers: new Map(),
      defaults: { language: 'en', timeZone: 'Asia/Shanghai' },
    };
    const events = eventsOf(MESSAGES, 'alarm', [{ groupId: 1, at: AT, facts: facts() }]);
    const channels = (e: typeof events) => planDeliveries(e, audience).map((d) => d.channel);
    expect(channels(events)).toEqual(['inapp', 'sms']);
    expect(channels(events.map((e) => ({ ...e, channels: ['inapp'] as const })))).toEqual(['inapp']);
  });

  it('dates the escalation N minutes after the alarm (when it falls due), and users read in their language and zone', () => {
    const rows = planAlarms({
      alarms: [{ groupId: 1, at: AT, facts: facts() }],
      lists: [
        list({
          channels: ['sms'],
          escalate_after_min: 10,
          escalate_to: [{ kind: 'phone', value: '+8613700000007' }],
        }),
      ],
      users: new Map([[1, user(1)]]),
      subscribers: new Map(),
      defaults: { language: 'zh-Hans', timeZone: 'Asia/Shanghai' },
    });
    expect(rows[0]).toMatchObject({ language: 'en', timeZone: 'Europe/Berlin', nextAttemptAt: AT });
    expect(rows[1]).toMatchObject({
      language: 'zh-Hans',
      timeZone: 'Asia/Shanghai',
      createdAt: new Date(AT.getTime() + 10 * 60_000),
      nextAttemptAt: new Date(AT.getTime() + 10 * 60_000),
      // The target hashed: keys never carry a robot's token.
      idempotencyKey: `alarm:7:t1:sms:phone:${targetHash('+8613700000007')}`,
    });
  });

  it("words messages to robots and addresses in the list's language, users still in their own", () => {
    const rows = planAlarms({
      alarms: [{ groupId: 1, at: AT, facts: facts() }],
      lists: [
        list({
          language: 'en',
          channels: ['inapp', 'feishu'],
          recipients: [
            { kind: 'user', value: '1' },
            {
              kind: 'feishu',
              value: 'https://open.feishu.cn/open-apis/bot/v2/hook/h',
              secret: 'feishu-key-1',
            },
          ] as AlarmList['recipients'],
        }),
      ],
      users: new Map([[1, user(1, { language: 'zh-Hans' })]]),
      subscribers: new Map(),
      defaults: { language: 'zh-Hans', timeZone: 'Asia/Shanghai' },
    });
    expect(rows.map((r) => [r.channel, r.language])).toEqual([
      ['inapp', 'zh-Hans'],
      ['feishu', 'en'],
    ]);
    // The robot's secret travels with the delivery, for the channel to sign with.
    expect(rows[1]?.channelOptions).toEqual({ secret: 'feishu-key-1' });
  });
});
