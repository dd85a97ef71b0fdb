import type { BacktestSkill } from '@thunderwatch/shared/schemas/backtest';
import { describe, expect, it } from 'vitest';
import {
  lastDay,
  levelSeries,
  predictedSeries,
  shortTime,
  skillRows,
  startsBeforeSite,
} from './backtest-compare';

const skill = (patch: Partial<BacktestSkill>): BacktestSkill => ({
  events: 4,
  hits: 2,
  failures_to_warn: 2,
  misses: 2,
  false_alarms: 1,
  pod: 0.5,
  far: 0.25,
  csi: 0.4,
  median_lead_time_min: 8,
  lead_time_p25_min: 5,
  lead_time_p75_min: 10,
  median_time_to_clear_min: 30,
  false_alarm_minutes: 20,
  definition: 'hit_needs_warning_before_first_stroke',
  ...patch,
});

describe('backtest comparison', () => {
  it.each([
    ['pod', { pod: 0.75 }, '50%', '75%', '+25 pp', 'better'],
    ['far', { far: 0.5 }, '25%', '50%', '+25 pp', 'worse'],
    ['median_time_to_clear_min', { median_time_to_clear_min: 18.4 }, '30', '18', '−12', 'better'],
    ['false_alarms', { false_alarms: 1 }, '1', '1', '', null],
    ['median_lead_time_min', { median_lead_time_min: null }, '8', '–', '', null],
  ] as const)('compares %s of B with A', (key, patch, a, b, diff, verdict) => {
    const row = skillRows(skill({}), skill(patch)).find((r) => r.key === key);
    expect(row).toEqual({ key, a, b, diff, verdict });
  });

  it('draws the level as steps held to where the replay stopped', () => {
    expect(
      levelSeries({
        timeline: [
          { time: '2026-07-01T00:00:00.000Z', level: 0, ring_km: null },
          { time: '2026-07-01T01:00:00.000Z', level: 2, ring_km: 20 },
        ],
        until: '2026-07-01T02:00:00.000Z',
      }),
    ).toEqual([
      [Date.UTC(2026, 6, 1, 0), 0],
      [Date.UTC(2026, 6, 1, 1), 2],
      [Date.UTC(2026, 6, 1, 2), 2],
    ]);
  });

  it('draws each predicted period at its level, broken between periods', () => {
    const h = (hour: number) => Date.UTC(2026, 6, 1, hour);
    const at = (hour: number) => new Date(h(hour)).toISOString();
    expect(
      predictedSeries({
        timeline: [
          { time: at(0), level: 0, ring_km: null },
          { time: at(1), level: 2, ring_km: null, predicted: true },
          { time: at(2), level: 3, ring_km: 10 },
          { time: at(3), level: 0, ring_km: null },
          { time: at(4), level: 1, ring_km: null, predicted: true },
        ],
        until: at(5),
      }),
    ).toEqual([
      [h(1), 2],
      [h(2), 2],
      [h(2), null],
      [h(4), 1],
      [h(5), 1],
      [h(5), null],
    ]);
    expect(predictedSeries({ timeline: [{ time: at(0), level: 0, ring_km: null }], until: at(1) })).toEqual(
      [],
    );
  });

  it('offers the last 24 hours up to now (the current minute in) in the location’s time zone', () => {
    expect(lastDay(new Date('2026-07-01T04:05:06.789Z'), 'Asia/Shanghai')).toEqual({
      from: '2026-06-30T12:06:00',
      to: '2026-07-01T12:06:00',
    });
    // On a whole minute, the next: that minute's strokes are in.
    expect(lastDay(new Date('2026-07-01T04:05:00.000Z'), 'Asia/Shanghai').to).toBe('2026-07-01T12:06:00');
  });

  it('shows times without the year in the location’s zone, in either language', () => {
    const ms = Date.UTC(2026, 6, 1, 4, 5);
    expect(shortTime(ms, 'Asia/Shanghai', 'en-GB')).toBe('01/07, 12:05');
    expect(shortTime(ms, 'Asia/Shanghai', 'zh-CN')).toBe('07/01 12:05');
  });
});

describe('startsBeforeSite', () => {
  const made = '2026-11-29T12:45:00.000Z';
  it.each<[string | null, boolean]>([
    ['2026-11-29T12:44:59.000Z', true],
    ['2026-11-28T16:00:00.000Z', true],
    [made, false],
    ['2026-11-29T13:00:00.000Z', false],
    [null, false],
  ])('from %s: %s', (from, expected) => {
    expect(startsBeforeSite(from, made)).toBe(expected);
  });
});
