import { describe, expect, it } from 'vitest';
import { dueModels } from './model-schedule.js';

const T = Date.UTC(2026, 6, 12, 8, 0, 0);
const MIN = 60_000;
const every = new Map<string, number | null>([
  ['nowcast', 5],
  ['forecast', 30],
  ['off', 0],
  ['manual', null],
]);

describe('dueModels', () => {
  const rows: { name: string; last: [string, number][]; active?: string[]; now: number; due: string[] }[] = [
    { name: 'never run: all scheduled ones', last: [], now: T, due: ['nowcast', 'forecast'] },
    {
      name: 'queued in this slot: none',
      last: [
        ['nowcast', T + 1 * MIN],
        ['forecast', T],
      ],
      now: T + 4 * MIN,
      due: [],
    },
    {
      name: 'a new 5-min slot: the nowcast only',
      last: [
        ['nowcast', T + 4 * MIN],
        ['forecast', T],
      ],
      now: T + 5 * MIN,
      due: ['nowcast'],
    },
    {
      name: 'long after (a restart): each once',
      last: [
        ['nowcast', T - 300 * MIN],
        ['forecast', T - 300 * MIN],
      ],
      now: T,
      due: ['nowcast', 'forecast'],
    },
    {
      name: 'still running: not again',
      last: [['nowcast', T - 10 * MIN]],
      active: ['nowcast', 'forecast'],
      now: T,
      due: [],
    },
  ];
  for (const r of rows) {
    it(r.name, () => {
      expect(dueModels(every, new Map(r.last), new Set(r.active ?? []), r.now)).toEqual(r.due);
    });
  }
});
