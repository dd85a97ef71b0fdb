import { describe, expect, it } from 'vitest';
import { episodeTelling, FLIGHT_PUSH_EVERY_MS, tellFlightRaises } from './flight-episodes.js';

const NOW = new Date('2026-07-01T08:00:00Z');
const ago = (min: number) => NOW.getTime() - min * 60_000;
const ALERT = '2026-07-01T07:40:00.000Z';
const EARLIER = '2026-07-01T06:10:00.000Z';
const none = new Map();

describe('episodeTelling', () => {
  it.each<[string, Omit<Parameters<typeof episodeTelling>[0], 'now'>, [number, string, string][]]>([
    [
      "an airport's first flight alarm of its warning episode pushes",
      { raisedAt: [1], warningEpisode: new Map([[1, ALERT]]), toldEpisode: none, lastPushedAt: none },
      [[1, ALERT, 'push']],
    ],
    [
      'several aircraft entering at once are one message',
      { raisedAt: [1, 1, 1], warningEpisode: new Map([[1, ALERT]]), toldEpisode: none, lastPushedAt: none },
      [[1, ALERT, 'push']],
    ],
    [
      'an aircraft entering later in the same warning episode is added to its message',
      {
        raisedAt: [1],
        warningEpisode: new Map([[1, ALERT]]),
        toldEpisode: new Map([[1, ALERT]]),
        lastPushedAt: new Map([[1, ago(18)]]),
      },
      [[1, ALERT, 'amend']],
    ],
    [
      'a new warning episode 10 minutes after a push is told in the app only',
      {
        raisedAt: [1],
        warningEpisode: new Map([[1, ALERT]]),
        toldEpisode: new Map([[1, EARLIER]]),
        lastPushedAt: new Map([[1, ago(10)]]),
      },
      [[1, ALERT, 'inapp']],
    ],
    [
      'a new warning episode 15 minutes after a push pushes again',
      {
        raisedAt: [1],
        warningEpisode: new Map([[1, ALERT]]),
        toldEpisode: new Map([[1, EARLIER]]),
        lastPushedAt: new Map([[1, NOW.getTime() - FLIGHT_PUSH_EVERY_MS]]),
      },
      [[1, ALERT, 'push']],
    ],
    [
      'without an open alert the raise begins an episode now',
      { raisedAt: [1], warningEpisode: none, toldEpisode: new Map([[1, EARLIER]]), lastPushedAt: none },
      [[1, NOW.toISOString(), 'push']],
    ],
    [
      'each airport on its own',
      {
        raisedAt: [1, 2, 3],
        warningEpisode: new Map([
          [1, ALERT],
          [2, ALERT],
          [3, ALERT],
        ]),
        toldEpisode: new Map([[3, ALERT]]),
        lastPushedAt: new Map([[2, ago(3)]]),
      },
      [
        [1, ALERT, 'push'],
        [2, ALERT, 'inapp'],
        [3, ALERT, 'amend'],
      ],
    ],
    [
      'no raise, nothing told',
      { raisedAt: [], warningEpisode: none, toldEpisode: none, lastPushedAt: none },
      [],
    ],
  ])('%s', (_name, input, expected) => {
    expect([...episodeTelling({ ...input, now: NOW })].map(([id, t]) => [id, t.episode, t.tell])).toEqual(
      expected,
    );
  });
});

describe('tellFlightRaises', () => {
  const raise = (icao24: string, locationId = 1) => ({ icao24, locationId });
  const known = {
    warningEpisode: new Map([
      [1, ALERT],
      [2, ALERT],
    ]),
    lastPushedAt: none,
  };
  const told = (t: ReturnType<typeof tellFlightRaises>[number]) =>
    `${t.tell}${t.pushed ? ' pushed' : ''} lists[${t.lists.join()}] adds[${t.adds.join()}]`;

  it.each<
    [
      string,
      Omit<Parameters<typeof tellFlightRaises>[0], 'now' | 'warningEpisode' | 'lastPushedAt'>,
      string[],
    ]
  >([
    [
      'a new episode: its first raise heads one pushed message listing every aircraft raised now',
      { raises: [raise('a1'), raise('a2'), raise('b1', 2)], toldEpisode: none, toldAircraft: none },
      ['all pushed lists[a1,a2] adds[]', 'none lists[] adds[]', 'all pushed lists[b1] adds[]'],
    ],
    [
      'a running episode: the first raise adds the aircraft its message does not name yet',
      {
        raises: [raise('a1'), raise('a3')],
        toldEpisode: new Map([[1, ALERT]]),
        toldAircraft: new Map([[1, new Set(['a1', 'a2'])]]),
      },
      ['none lists[] adds[a3]', 'none lists[] adds[]'],
    ],
    [
      'an aircraft the message names, in again, adds nothing',
      {
        raises: [raise('a1')],
        toldEpisode: new Map([[1, ALERT]]),
        toldAircraft: new Map([[1, new Set(['a1'])]]),
      },
      ['none lists[] adds[]'],
    ],
    ['no raise, no telling', { raises: [], toldEpisode: none, toldAircraft: none }, []],
  ])('%s', (_name, input, expected) => {
    const out = tellFlightRaises({ ...known, ...input, now: NOW });
    expect(out.map(told)).toEqual(expected);
    expect(new Set(out.map((t) => t.episode))).toEqual(new Set(input.raises.length ? [ALERT] : []));
  });

  it('tells in the app only within 15 minutes of the last push', () => {
    const [t] = tellFlightRaises({
      raises: [raise('a1')],
      warningEpisode: new Map([[1, ALERT]]),
      toldEpisode: new Map([[1, EARLIER]]),
      lastPushedAt: new Map([[1, ago(5)]]),
      toldAircraft: none,
      now: NOW,
    });
    expect(t && told(t)).toBe('inapp lists[a1] adds[]');
  });
});
