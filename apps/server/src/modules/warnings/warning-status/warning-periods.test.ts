import { describe, expect, it } from 'vitest';
import { storedWarningPeriods } from './location-skill.js';

const at = (min: number) => new Date(Date.UTC(2026, 6, 1, 8, min));
const change = (min: number, from: number, to: number) => ({ at: at(min), from_level: from, to_level: to });

describe('warning periods at level ≥ 2 from level changes', () => {
  it.each([
    {
      name: 'red stepping down through orange is one period, until it falls below orange',
      changes: [change(10, 0, 3), change(40, 3, 2), change(50, 2, 0)],
      periods: [[10, 50]],
    },
    { name: 'yellow alone is no warning', changes: [change(10, 0, 1), change(40, 1, 0)], periods: [] },
    {
      name: 'a warning that began before the window starts at the window',
      changes: [change(-30, 0, 2), change(20, 2, 0)],
      periods: [[0, 20]],
    },
    { name: 'a warning still on ends at the window end', changes: [change(30, 0, 3)], periods: [[30, 60]] },
    {
      name: 'two episodes are two periods',
      changes: [change(5, 0, 2), change(15, 2, 0), change(25, 0, 3), change(35, 3, 1), change(45, 1, 0)],
      periods: [
        [5, 15],
        [25, 35],
      ],
    },
  ])('$name', ({ changes, periods }) => {
    const got = storedWarningPeriods(changes, at(0), at(60)).map((p) => [
      (p.startMs - at(0).getTime()) / 60_000,
      (p.endMs - at(0).getTime()) / 60_000,
    ]);
    expect(got).toEqual(periods);
  });
});
