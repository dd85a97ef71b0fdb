import { describe, expect, it } from 'vitest';
import { computeWarningSkill, type WarningSkillScores } from './warning-skill.js';

const MIN = 60_000;
const T0 = 1_750_000_000_000;
/** Minutes after T0 as epoch ms. */
const at = (min: number) => T0 + min * MIN;
const period = (from: number, to: number) => ({ startMs: at(from), endMs: at(to) });

const NONE: WarningSkillScores = {
  events: 0,
  hits: 0,
  misses: 0,
  false_alarms: 0,
  pod: null,
  far: null,
  csi: null,
  median_lead_time_min: null,
  median_time_to_clear_min: null,
  false_alarm_minutes: 0,
};

// Window: minutes 0…600 after T0; strokes less than 30 min apart are one event.
const rows: [string, number[], { startMs: number; endMs: number }[], Partial<WarningSkillScores>][] = [
  ['empty input', [], [], {}],
  [
    'perfect warning: 15 min lead, cleared 60 min after the last stroke',
    [25, 30, 40],
    [period(10, 100)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, median_lead_time_min: 15, median_time_to_clear_min: 60 },
  ],
  ['missed event', [25, 30], [], { events: 1, misses: 1, pod: 0, csi: 0 }],
  ['false alarm', [], [period(10, 70)], { false_alarms: 1, far: 1, csi: 0, false_alarm_minutes: 60 }],
  [
    'two events in one period: one hit-bearing period',
    [20, 25, 100, 110],
    [period(0, 300)],
    { events: 2, hits: 2, pod: 1, far: 0, csi: 1, median_lead_time_min: 60, median_time_to_clear_min: 190 },
  ],
  [
    'event starting exactly at the warning start has no lead',
    [50, 60, 80],
    [period(50, 120)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, median_lead_time_min: 0, median_time_to_clear_min: 40 },
  ],
  [
    'event spanning two periods: the second is neither a hit nor a false alarm',
    [30, 50, 65, 80, 100],
    [period(10, 60), period(70, 150)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, median_lead_time_min: 20, median_time_to_clear_min: 30 },
  ],
  [
    // The second period holds only the event's tail; the first saw no stroke at all.
    'event starting in a gap between periods is a miss',
    [65, 80],
    [period(10, 60), period(70, 150)],
    {
      events: 1,
      misses: 1,
      false_alarms: 1,
      pod: 0,
      far: 1,
      csi: 0,
      median_time_to_clear_min: 70,
      false_alarm_minutes: 50,
    },
  ],
  [
    'a warning that ended as the event began does not count for it',
    [60],
    [period(10, 60)],
    { events: 1, misses: 1, false_alarms: 1, pod: 0, far: 1, csi: 0, false_alarm_minutes: 50 },
  ],
  [
    'hit, miss and false alarm together',
    [10, 400],
    [period(0, 60), period(200, 260)],
    {
      events: 2,
      hits: 1,
      misses: 1,
      false_alarms: 1,
      pod: 0.5,
      far: 0.5,
      csi: 1 / 3,
      median_lead_time_min: 10,
      median_time_to_clear_min: 50,
      false_alarm_minutes: 60,
    },
  ],
  [
    'a gap of exactly the all-clear time starts a new event',
    [100, 130],
    [],
    { events: 2, misses: 2, pod: 0, csi: 0 },
  ],
  [
    'strokes and false-alarm time outside the window are not counted',
    [-10, 700],
    [period(-30, 30)],
    { false_alarms: 1, far: 1, csi: 0, false_alarm_minutes: 30 },
  ],
];

describe('computeWarningSkill', () => {
  it.each(rows)('%s', (_name, strokesMin, warnings, expected) => {
    const skill = computeWarningSkill({
      eventStrokesMs: strokesMin.map(at),
      warnings,
      fromMs: at(0),
      toMs: at(600),
      eventGapMs: 30 * MIN,
    });
    expect(skill).toEqual({ ...NONE, ...expected });
  });
});
