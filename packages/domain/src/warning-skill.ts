/**
 * Verification of the warnings of one location over a query window [fromMs, toMs).
 *
 * Definitions (also in docs/api.md, GET /api/warning/skill):
 * - Stroke: a stroke inside the location's innermost ring with fromMs ≤ time < toMs; others are not seen.
 * - Event: a run of strokes whose gaps are < eventGapMs (the innermost ring's all-clear time). Its start is
 *   its first stroke, its end its last stroke.
 * - Warning period: a period at level ≥ 2, [start, end), with end = the all-clear or, while still open, the
 *   query end. Only periods overlapping the window count.
 * - Hit: an event whose start falls inside a warning period. Its lead time = event start − that period's
 *   start (0 when the warning began at the same instant as the event, i.e. no lead).
 * - Miss: an event that starts outside every warning period.
 * - False alarm: a warning period during which no event occurs (no stroke between its start and end).
 *   false_alarm_minutes = total duration of the false-alarm periods, clipped to the window.
 * - POD = hits / (hits + misses).
 *   FAR = false_alarms / (warnings counted, i.e. periods containing a hit + false alarms).
 *   CSI = hits / (hits + misses + false_alarms).
 *   Each is null when its denominator is 0. A period holding only the tail of an event that started
 *   earlier is neither a hit-bearing period nor a false alarm.
 * - Time to clear, per period with strokes = period end − the last stroke inside it (the cost of waiting
 *   for the all-clear).
 * - median_lead_time_min over hits and median_time_to_clear_min over periods with strokes, in minutes;
 *   null when there are none (the median of an even count is the mean of the middle two).
 */

export interface WarningPeriod {
  startMs: number;
  endMs: number;
}

export interface WarningSkillInput {
  /** Times of the strokes inside the innermost ring (sorted; a copy is sorted anyway). */
  eventStrokesMs: readonly number[];
  /** Periods at level ≥ 2; endMs is the period's end, or the query end if still open. */
  warnings: readonly WarningPeriod[];
  fromMs: number;
  toMs: number;
  /** Strokes closer than this belong to one event: the innermost ring's all-clear time. */
  eventGapMs: number;
}

/** The counts and scores of `WarningSkill` in packages/shared/src/warnings.ts (without location and window). */
export interface WarningSkillScores {
  events: number;
  hits: number;
  misses: number;
  false_alarms: number;
  pod: number | null;
  far: number | null;
  csi: number | null;
  median_lead_time_min: number | null;
  median_time_to_clear_min: number | null;
  false_alarm_minutes: number;
}

const MIN_MS = 60_000;

export function computeWarningSkill(input: WarningSkillInput): WarningSkillScores {
  const { fromMs, toMs, eventGapMs } = input;
  const strokes = input.eventStrokesMs.filter((t) => t >= fromMs && t < toMs).sort((a, b) => a - b);
  const periods = input.warnings
    .filter((w) => w.startMs < toMs && w.endMs > fromMs && w.endMs > w.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const inside = (t: number, w: WarningPeriod) => t >= w.startMs && t < w.endMs;

  const eventStarts: number[] = [];
  strokes.forEach((t, i) => {
    const previous = strokes[i - 1];
    if (previous === undefined || t - previous >= eventGapMs) eventStarts.push(t);
  });

  let hits = 0;
  const leadTimesMin: number[] = [];
  const hitPeriods = new Set<WarningPeriod>();
  for (const start of eventStarts) {
    // Periods are sorted by start, so with overlapping periods the earliest (longest lead) wins.
    const period = periods.find((w) => inside(start, w));
    if (!period) continue;
    hits++;
    hitPeriods.add(period);
    leadTimesMin.push((start - period.startMs) / MIN_MS);
  }

  let falseAlarms = 0;
  let falseAlarmMs = 0;
  const timesToClearMin: number[] = [];
  for (const w of periods) {
    const last = lastStrokeIn(strokes, w);
    if (last === undefined) {
      falseAlarms++;
      falseAlarmMs += Math.min(w.endMs, toMs) - Math.max(w.startMs, fromMs);
    } else {
      timesToClearMin.push((w.endMs - last) / MIN_MS);
    }
  }

  const events = eventStarts.length;
  const misses = events - hits;
  return {
    events,
    hits,
    misses,
    false_alarms: falseAlarms,
    pod: ratio(hits, hits + misses),
    far: ratio(falseAlarms, hitPeriods.size + falseAlarms),
    csi: ratio(hits, hits + misses + falseAlarms),
    median_lead_time_min: median(leadTimesMin),
    median_time_to_clear_min: median(timesToClearMin),
    false_alarm_minutes: falseAlarmMs / MIN_MS,
  };
}

/** The last stroke t with start ≤ t < end, by binary search over the sorted strokes. */
function lastStrokeIn(sorted: readonly number[], w: WarningPeriod): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < w.endMs) lo = mid + 1;
    else hi = mid;
  }
  const last = sorted[lo - 1];
  return last !== undefined && last >= w.startMs ? last : undefined;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
