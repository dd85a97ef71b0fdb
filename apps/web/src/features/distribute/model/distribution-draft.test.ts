import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { describe, expect, it } from 'vitest';
import {
  type DistributionDraft,
  draftFromList,
  draftToInput,
  keepsStoredSecret,
  newDistributionDraft,
  newRecipient,
  type RecipientDraft,
  withKind,
} from './distribution-draft';
import { testChannelFor } from './test-channel';

const row = (patch: Partial<RecipientDraft>): RecipientDraft => ({ ...newRecipient(), ...patch });

const draft = (patch: Partial<DistributionDraft>): DistributionDraft => ({
  ...newDistributionDraft(),
  name: 'Duty',
  recipients: [row({ kind: 'phone', value: ' +8613800000000 ' })],
  ...patch,
});

const list: DistributionList = {
  id: 7,
  group_id: 1,
  name: 'Night shift',
  locations: [3, 5],
  min_level: 2,
  channels: ['sms', 'email'],
  recipients: [{ kind: 'email', value: 'a@example.com' }],
  quiet_hours: { from: '22:00', to: '06:30' },
  escalate_after_min: 15,
  escalate_to: [{ kind: 'user', value: '4', name: 'Li Wei' }],
  language: 'en',
  builtin: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('draftToInput', () => {
  it('sends all locations, trimmed recipients and no quiet hours or escalation by default', () => {
    expect(draftToInput(draft({})).input).toEqual({
      name: 'Duty',
      locations: 'all',
      min_level: 1,
      channels: ['inapp'],
      recipients: [{ kind: 'phone', value: '+8613800000000' }],
      quiet_hours: null,
      escalate_after_min: null,
      escalate_to: null,
      language: null,
    });
  });

  it('gives back what a stored list holds, users by id (their name is only shown)', () => {
    const { created_at, updated_at, id, group_id, builtin, ...input } = list;
    expect(draftToInput(draftFromList(list)).input).toEqual({
      ...input,
      escalate_to: [{ kind: 'user', value: '4' }],
    });
    expect(draftFromList(list).escalateTo[0]).toMatchObject({ value: '4', name: 'Li Wei' });
  });

  it.each<[string, Partial<DistributionDraft>, string[]]>([
    ['blank name', { name: ' ' }, ['name:required']],
    ['no locations chosen', { allLocations: false, locations: [] }, ['locations:no_locations']],
    ['no channels', { channels: [] }, ['channels:no_channels']],
    ['no recipients', { recipients: [] }, ['recipients:no_recipients']],
    [
      'a blank second recipient',
      {
        recipients: [row({ kind: 'phone', value: '+86138' }), row({ kind: 'email', value: '' })],
      },
      ['recipients/1/value:required'],
    ],
    [
      'a webhook secret shorter than 8 characters',
      { recipients: [row({ kind: 'webhook', value: 'https://h.example/x', secret: 'short' })] },
      ['recipients/0/secret:secret_length'],
    ],
    [
      'a DingTalk secret not starting with SEC',
      {
        channels: ['dingtalk'],
        recipients: [
          row({
            kind: 'dingtalk',
            value: 'https://oapi.dingtalk.com/robot/send?access_token=t',
            secret: 'my-secret-1',
          }),
        ],
      },
      ['recipients/0/secret:secret_form'],
    ],
    ['a bad time', { quietFrom: '24:00', quietTo: '06:00' }, ['quiet_hours/from:time']],
    ['only one end of quiet hours', { quietFrom: '22:00' }, ['quiet_hours:quiet_pair']],
    [
      'escalation without minutes or recipients',
      { escalate: true, escalateAfter: '0', escalateTo: [] },
      ['escalate_after_min:minutes', 'escalate_to:no_recipients'],
    ],
  ])('names the field for %s', (_, patch, expected) => {
    const result = draftToInput(draft(patch));
    expect(result.input).toBeNull();
    expect(result.problems.map((p) => `${p.field}:${p.key}`)).toEqual(expected);
  });

  it('ignores escalation fields while escalation is off', () => {
    expect(draftToInput(draft({ escalate: false, escalateAfter: 'x', escalateTo: [] })).problems).toEqual([]);
  });

  it('sends a webhook without its stored secret (the server keeps it), with a new one, or null to remove it', () => {
    const stored: DistributionList = {
      ...list,
      recipients: [{ kind: 'webhook', value: 'https://h.example/x', format: 'cap', has_secret: true }],
    };
    const edited = draftFromList(stored);
    const hook = edited.recipients[0] as RecipientDraft;
    expect(keepsStoredSecret(hook)).toBe(true);
    expect(draftToInput(edited).input?.recipients).toEqual([
      { kind: 'webhook', value: 'https://h.example/x', format: 'cap' },
    ]);
    const typed = { ...edited, recipients: [{ ...hook, secret: 'a-new-secret' }] };
    expect(draftToInput(typed).input?.recipients[0]).toMatchObject({ secret: 'a-new-secret' });
    const forgotten = { ...edited, recipients: [{ ...hook, forgetSecret: true }] };
    expect(draftToInput(forgotten).input?.recipients[0]).toMatchObject({ secret: null });
    expect(keepsStoredSecret({ ...hook, forgetSecret: true })).toBe(false);
    // The server keeps secrets by URL: a changed URL starts without one.
    expect(keepsStoredSecret({ ...hook, value: 'https://other.example/y' })).toBe(false);
  });

  it('sends format only for webhooks, a secret only for webhooks and signed robots', () => {
    const input = draftToInput(
      draft({
        recipients: [
          row({ kind: 'email', value: 'a@b.cn', secret: 'ignored-here' }),
          row({
            kind: 'feishu',
            value: 'https://open.feishu.cn/open-apis/bot/v2/hook/h',
            secret: 'feishu-key-1',
          }),
          row({
            kind: 'wecom',
            value: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
            secret: 'ignored-too',
          }),
        ],
      }),
    );
    expect(input.input?.recipients).toEqual([
      { kind: 'email', value: 'a@b.cn' },
      { kind: 'feishu', value: 'https://open.feishu.cn/open-apis/bot/v2/hook/h', secret: 'feishu-key-1' },
      { kind: 'wecom', value: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' },
    ]);
  });

  it('keeps a robot’s stored secret like a webhook’s, and sends the list language', () => {
    const stored: DistributionList = {
      ...list,
      language: 'zh-Hans',
      recipients: [
        { kind: 'dingtalk', value: 'https://oapi.dingtalk.com/robot/send?access_token=t', has_secret: true },
      ],
    };
    const edited = draftFromList(stored);
    expect(keepsStoredSecret(edited.recipients[0] as RecipientDraft)).toBe(true);
    expect(draftToInput(edited).input).toMatchObject({
      language: 'zh-Hans',
      recipients: [{ kind: 'dingtalk', value: 'https://oapi.dingtalk.com/robot/send?access_token=t' }],
    });
  });
});

describe('withKind', () => {
  it('starts the value afresh to or from a user, keeps it between addresses, drops a secret a kind does not take', () => {
    const user = row({ kind: 'user', value: '4', name: 'Li Wei' });
    expect(withKind(user, 'phone')).toMatchObject({ kind: 'phone', value: '', name: '' });
    const hook = row({ kind: 'webhook', value: 'https://h.example/x', secret: 'a-secret-1' });
    expect(withKind(hook, 'slack')).toEqual({ kind: 'slack', secret: '', forgetSecret: false });
    expect(withKind(hook, 'feishu')).toEqual({ kind: 'feishu' });
    expect(withKind(hook, 'user')).toMatchObject({ value: '', name: '' });
  });
});

describe('testChannelFor', () => {
  it.each([
    ['user', ['sms', 'inapp'], 'inapp'],
    ['phone', ['inapp', 'sms'], 'sms'],
    ['email', ['email'], 'email'],
    ['webhook', ['inapp', 'webhook'], 'webhook'],
    ['wechat', ['wechat'], 'wechat'],
    ['dingtalk', ['inapp', 'dingtalk'], 'dingtalk'],
    ['slack', ['webhook'], null],
    ['phone', ['inapp', 'email'], null],
  ] as const)('tests a %s recipient of a list with %j through %s', (kind, channels, expected) => {
    expect(testChannelFor(kind, channels)).toBe(expected);
  });
});
