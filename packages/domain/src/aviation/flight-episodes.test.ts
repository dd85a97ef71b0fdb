import { describe, expect, it } from 'vitest';
import { episodeTelling, FLIGHT_PUSH_EVERY_MS } from './flight-episodes.js';

const NOW = new Date('2026-07-01T08:00:00Z');
const ago = (min: number) => NOW.getTime() - min * 60_000;
const EARLIER = '2026-07-01T07:52:00.000Z';

describe('episodeTelling', () => {
  it.each<[string, Parameters<typeof episodeTelling>[0], [number, string, string][]]>([
    [
      'a first episode pushes',
      { raisedAt: [1], open: [], lastPushedAt: new Map(), now: NOW },
      [[1, NOW.toISOString(), 'push']],
    ],
    [
      'several aircraft entering at once are one episode',
      { raisedAt: [1, 1, 1], open: [], lastPushedAt: new Map(), now: NOW },
      [[1, NOW.toISOString(), 'push']],
    ],
    [
      'an aircraft entering while the episode runs amends its message',
      {
        raisedAt: [1],
        open: [{ locationId: 1, episode: EARLIER }],
        lastPushedAt: new Map([[1, ago(8)]]),
        now: NOW,
      },
      [[1, EARLIER, 'amend']],
    ],
    [
      'the episode is the earliest its open alarms name',
      {
        raisedAt: [1],
        open: [
          { locationId: 1, episode: '2026-07-01T07:58:00.000Z' },
          { locationId: 1, episode: EARLIER },
        ],
        lastPushedAt: new Map(),
        now: NOW,
      },
      [[1, EARLIER, 'amend']],
    ],
    [
      'a new episode 10 minutes after a push is told in the app only',
      { raisedAt: [1], open: [], lastPushedAt: new Map([[1, ago(10)]]), now: NOW },
      [[1, NOW.toISOString(), 'inapp']],
    ],
    [
      'a new episode 15 minutes after a push pushes again',
      {
        raisedAt: [1],
        open: [],
        lastPushedAt: new Map([[1, NOW.getTime() - FLIGHT_PUSH_EVERY_MS]]),
        now: NOW,
      },
      [[1, NOW.toISOString(), 'push']],
    ],
    [
      'each airport on its own',
      {
        raisedAt: [1, 2, 3],
        open: [{ locationId: 3, episode: EARLIER }],
        lastPushedAt: new Map([[2, ago(3)]]),
        now: NOW,
      },
      [
        [1, NOW.toISOString(), 'push'],
        [2, NOW.toISOString(), 'inapp'],
        [3, EARLIER, 'amend'],
      ],
    ],
    [
      'an open alarm from before episodes still makes the raise an amendment',
      { raisedAt: [1], open: [{ locationId: 1, episode: null }], lastPushedAt: new Map(), now: NOW },
      [[1, NOW.toISOString(), 'amend']],
    ],
    [
      'no raise, nothing told',
      { raisedAt: [], open: [{ locationId: 1, episode: EARLIER }], lastPushedAt: new Map(), now: NOW },
      [],
    ],
  ])('%s', (_name, input, expected) => {
    expect([...episodeTelling(input)].map(([id, t]) => [id, t.episode, t.tell])).toEqual(expected);
  });
});
