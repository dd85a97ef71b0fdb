import { describe, expect, it } from 'vitest';
import {
  computeWarningSkill,
  episodeWarning,
  scoredWindow,
  type WarningSkillScores,
} from './warning-skill.js';

const MIN = 60_000;
const T0 = 1_750_000_000_000;
/** Minutes after T0 as epoch ms. */
const at = (min: number) => T0 + min * MIN;
const period = (from: number, to: number) => ({ startMs: at(from), endMs: at(to) });

const NONE: WarningSkillScores = {
  events: 0,
  hits: 0,
  failures_to_warn: 0,
  misses: 0,
  false_alarms: 0,
  pod: null,
  far: null,
  csi: null,
  median_lead_time_min: null,
  lead_time_p25_min: null,
  lead_time_p75_min: null,
  median_time_to_clear_min: null,
  false_alarm_minutes: 0,
};

/** A failure to warn is also a miss (its old name). */
const ftw = (n: number) => ({ failures_to_warn: n, misses: n });
/** Lead time median and quartiles, when all hits have the same lead. */
const lead = (min: number) => ({ median_lead_time_min: min, lead_time_p25_min: min, lead_time_p75_min: min });

// Window: minutes 0…600 after T0; strokes less than 30 min apart are one event.
const rows: [string, number[], { startMs: number; endMs: number }[], Partial<WarningSkillScores>][] = [
  ['empty input', [], [], {}],
  [
    'perfect warning: 15 min lead, cleared 60 min after the last stroke',
    [25, 30, 40],
    [period(10, 100)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, ...lead(15), median_time_to_clear_min: 60 },
  ],
  [
    'warned 12 min before: a hit with lead 12',
    [32],
    [period(20, 90)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, ...lead(12), median_time_to_clear_min: 58 },
  ],
  [
    'an event outside every warning is a failure to warn',
    [25, 30],
    [],
    { events: 1, ...ftw(1), pod: 0, csi: 0 },
  ],
  [
    'an event whose own first stroke raised the warning is a failure to warn (lead 0 is no lead)',
    [50, 60, 80],
    [period(50, 120)],
    { events: 1, ...ftw(1), pod: 0, csi: 0, median_time_to_clear_min: 40 },
  ],
  [
    'a warning without inner strokes is a false alarm',
    [],
    [period(10, 70)],
    { false_alarms: 1, far: 1, csi: 0, false_alarm_minutes: 60 },
  ],
  [
    'two events in one warning: leads 20 and 100, one hit-bearing warning',
    [20, 25, 100, 110],
    [period(0, 300)],
    {
      events: 2,
      hits: 2,
      pod: 1,
      far: 0,
      csi: 1,
      median_lead_time_min: 60,
      lead_time_p25_min: 40,
      lead_time_p75_min: 80,
      median_time_to_clear_min: 190,
    },
  ],
  [
    'event spanning two warnings: the second is neither hit-bearing nor a false alarm',
    [30, 50, 65, 80, 100],
    [period(10, 60), period(70, 150)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, ...lead(20), median_time_to_clear_min: 30 },
  ],
  [
    // The second warning holds only the event's tail; the first saw no stroke at all.
    'event starting in a gap between warnings is a failure to warn',
    [65, 80],
    [period(10, 60), period(70, 150)],
    {
      events: 1,
      ...ftw(1),
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
    { events: 1, ...ftw(1), false_alarms: 1, pod: 0, far: 1, csi: 0, false_alarm_minutes: 50 },
  ],
  [
    'hit, failure to warn and false alarm together',
    [10, 400],
    [period(0, 60), period(200, 260)],
    {
      events: 2,
      hits: 1,
      ...ftw(1),
      false_alarms: 1,
      pod: 0.5,
      far: 0.5,
      csi: 1 / 3,
      ...lead(10),
      median_time_to_clear_min: 50,
      false_alarm_minutes: 60,
    },
  ],
  [
    'a gap of exactly the all-clear time starts a new event',
    [100, 130],
    [],
    { events: 2, ...ftw(2), pod: 0, csi: 0 },
  ],
  [
    'an event that began before the window is not counted, nor is a warning that began before it',
    [-20, -5, 10],
    [period(-30, 60)],
    {},
  ],
  [
    'a warning begun before the window still gives its lead to an event starting in it',
    [20],
    [period(-15, 60)],
    { events: 1, hits: 1, pod: 1, csi: 1, ...lead(35) },
  ],
  [
    'an event and a warning straddling the end count in this window, judged by what followed',
    [590, 610],
    [period(570, 640)],
    { events: 1, hits: 1, pod: 1, far: 0, csi: 1, ...lead(20), median_time_to_clear_min: 30 },
  ],
  [
    'a warning straddling the end whose only stroke came after the window is no false alarm',
    [650],
    [period(580, 660)],
    { median_time_to_clear_min: 10 },
  ],
  [
    'false-alarm time is clipped to the window',
    [],
    [period(570, 700)],
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

  it('equals a hand count on a constructed day', () => {
    // One day, 30-min all-clear. Five storms reach the inner ring:
    //  A 02:10 first stroke, warned since 01:58 (outer ring)      -> hit, lead 12
    //  B 05:00 first stroke raised the warning itself (05:00)     -> failure to warn
    //  C 09:40 first stroke, warned since 09:05                   -> hit, lead 35
    //  D 14:20 first stroke, no warning at all                    -> failure to warn
    //  E 18:03 first stroke, warned since 18:00                   -> hit, lead 3
    // and two warnings without inner strokes: 12:00–12:45 and 21:10–21:40 -> false alarms, 75 min.
    const h = (hh: number, mm: number) => at(hh * 60 + mm);
    const strokes = [
      h(2, 10),
      h(2, 25),
      h(2, 40),
      h(5, 0),
      h(5, 20),
      h(9, 40),
      h(9, 50),
      h(10, 15),
      h(14, 20),
      h(18, 3),
      h(18, 30),
    ];
    const warnings = [
      { startMs: h(1, 58), endMs: h(3, 10) },
      { startMs: h(5, 0), endMs: h(5, 50) },
      { startMs: h(9, 5), endMs: h(10, 45) },
      { startMs: h(12, 0), endMs: h(12, 45) },
      { startMs: h(18, 0), endMs: h(19, 0) },
      { startMs: h(21, 10), endMs: h(21, 40) },
    ];
    const skill = computeWarningSkill({
      eventStrokesMs: strokes,
      warnings,
      fromMs: h(0, 0),
      toMs: h(24, 0),
      eventGapMs: 30 * MIN,
    });
    expect(skill).toEqual({
      events: 5,
      hits: 3,
      failures_to_warn: 2,
      misses: 2,
      false_alarms: 2,
      pod: 3 / 5,
      // Warnings with a hit: A's, C's and E's (B's held only a failure): 2 / (3 + 2).
      far: 2 / 5,
      csi: 3 / 7,
      median_lead_time_min: 12,
      lead_time_p25_min: 7.5,
      lead_time_p75_min: 23.5,
      // Per warning with strokes: 30 (A), 30 (B), 30 (C), 30 (E) minutes after its last inner stroke.
      median_time_to_clear_min: 30,
      false_alarm_minutes: 75,
    });
  });
});

describe('episodeWarning', () => {
  const tl = (...entries: [number, number][]) => entries.map(([min, level]) => ({ atMs: at(min), level }));
  it.each<[string, { atMs: number; level: number }[], number | null, boolean | null, number | null]>([
    [
      'orange 12 min before the first inner stroke: warned, lead 12',
      tl([0, 1], [3, 2], [15, 3]),
      15,
      true,
      12,
    ],
    ['red raised by the first inner stroke itself: not warned', tl([0, 3]), 0, false, null],
    ['yellow only before it: not warned', tl([0, 1], [20, 3]), 20, false, null],
    [
      'a warning that fell back to yellow before it: not warned',
      tl([0, 2], [10, 1], [20, 3]),
      20,
      false,
      null,
    ],
    ['a warning still on (no fall yet): warned', tl([0, 2]), 30, true, 30],
    ['no stroke inside the innermost ring: no answer', tl([0, 1], [5, 2], [40, 0]), null, null, null],
  ])('%s', (_case, timeline, firstMin, warned, lead) => {
    expect(episodeWarning(timeline, firstMin === null ? null : at(firstMin))).toEqual({
      warnedBefore: warned,
      leadMin: lead,
    });
  });
});

describe('scoredWindow', () => {
  // [case, asked from, asked to, site made, now, scored from, scored to] in minutes after T0.
  it.each<[string, number, number, number, number, number, number]>([
    ['a site older than the window: the window as asked', 100, 200, 0, 300, 100, 200],
    ['a site made inside the window: from when it was made', 100, 200, 150, 300, 150, 200],
    ['a window reaching past now: until now', 100, 400, 0, 300, 100, 300],
    ['a site made seconds ago, last 90 days: from its making until now', -9000, 300, 299, 300, 299, 300],
    ['a site made after the window: an empty window at its end', 100, 200, 250, 300, 200, 200],
  ])('%s', (_case, from, to, made, now, wantFrom, wantTo) => {
    expect(scoredWindow({ fromMs: at(from), toMs: at(to), createdMs: at(made), nowMs: at(now) })).toEqual({
      fromMs: at(wantFrom),
      toMs: at(wantTo),
    });
  });
});
