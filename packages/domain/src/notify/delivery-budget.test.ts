import { describe, expect, it } from 'vitest';
import { allotBudget, alwaysSent, type BudgetedMessage, budgetWindowStart } from './delivery-budget.js';

const at = (min: number) => new Date(Date.UTC(2026, 10, 23, 6, min));
const m = (event: string, level: number | null, min = 0, tier = 0): BudgetedMessage => ({
  event,
  level,
  tier,
  at: at(min),
});

describe('budgetWindowStart', () => {
  it.each([
    ['2026-11-23T06:00:00Z', 10, '2026-11-23T06:00:00.000Z'],
    ['2026-11-23T06:09:59Z', 10, '2026-11-23T06:00:00.000Z'],
    ['2026-11-23T06:10:00Z', 10, '2026-11-23T06:10:00.000Z'],
    ['2026-11-23T06:59:00Z', 60, '2026-11-23T06:00:00.000Z'],
  ])('%s, %i min → %s', (t, min, start) => {
    expect(budgetWindowStart(new Date(t), min * 60_000).toISOString()).toBe(start);
  });
});

describe('alwaysSent', () => {
  it.each([
    [m('alarm', 3), true],
    [m('alarm', 2, 0, 1), true],
    [m('alarm', 2), false],
    [m('weather_warning', 3), false],
    [m('typhoon', 3), false],
    [m('flight', 3), false],
  ])('%j → %s', (msg, expected) => {
    expect(alwaysSent(msg)).toBe(expected);
  });
});

describe('allotBudget', () => {
  it.each([
    ['within the budget all go', [m('flight', 2), m('flight', 2)], 0, 3, [0, 1], [], 2],
    [
      'beyond it the latest fold',
      [m('flight', 2, 1), m('flight', 2, 2), m('flight', 2, 3)],
      1,
      3,
      [0, 1],
      [2],
      3,
    ],
    ['a used-up budget folds all', [m('weather_warning', 1), m('typhoon', 2)], 5, 5, [], [0, 1], 5],
    ['a red alarm goes over a used-up budget', [m('weather_warning', 1), m('alarm', 3)], 5, 5, [1], [0], 6],
    ['an escalation goes over it', [m('alarm', 1, 0, 1)], 9, 5, [0], [], 10],
    ['higher levels are kept first', [m('weather_warning', 1), m('weather_warning', 3)], 0, 1, [1], [0], 1],
    ['lightning before other kinds', [m('flight', 2), m('alarm', 2)], 0, 1, [1], [0], 1],
    ['red alarms use the budget first', [m('flight', 2), m('alarm', 3), m('alarm', 2)], 0, 2, [1, 2], [0], 2],
  ] as const)('%s', (_, msgs, before, count, go, fold, after) => {
    expect(allotBudget(msgs, before, count)).toEqual({ go, fold, usedAfter: after });
  });
});
