import { describe, expect, it } from 'vitest';
import { episodeTelling, FLIGHT_PUSH_EVERY_MS } from './flight-episodes.js';

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
