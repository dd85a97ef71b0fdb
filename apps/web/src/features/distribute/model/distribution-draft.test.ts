import type { DistributionList } from '@thunderwatch/shared/notifications';
import { describe, expect, it } from 'vitest';
import {
  type DistributionDraft,
  draftFromList,
  draftToInput,
  newDistributionDraft,
} from './distribution-draft';

const draft = (patch: Partial<DistributionDraft>): DistributionDraft => ({
  ...newDistributionDraft(),
  name: 'Duty',
  recipients: [{ kind: 'phone', value: ' +8613800000000 ' }],
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
  escalate_to: [{ kind: 'user', value: '4' }],
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
    });
  });

  it('gives back what a stored list holds', () => {
    const { created_at, updated_at, id, group_id, ...input } = list;
    expect(draftToInput(draftFromList(list)).input).toEqual(input);
  });

  it.each<[string, Partial<DistributionDraft>, string[]]>([
    ['blank name', { name: ' ' }, ['name:required']],
    ['no locations chosen', { allLocations: false, locations: [] }, ['locations:no_locations']],
    ['no channels', { channels: [] }, ['channels:no_channels']],
    ['no recipients', { recipients: [] }, ['recipients:no_recipients']],
    [
      'a blank second recipient',
      {
        recipients: [
          { kind: 'phone', value: '+86138' },
          { kind: 'email', value: '' },
        ],
      },
      ['recipients/1/value:required'],
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
});
