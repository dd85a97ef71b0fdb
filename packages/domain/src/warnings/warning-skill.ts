/**
 * Verification of the warnings of one location over a query window [fromMs, toMs), counting a failure to
 * warn as a failure (Murphy & Holle 2005; Holle et al.): lightning that reached the site before any warning
 * did is not a hit, however quickly the warning followed.
 *
 * Definitions (also in docs/api.md, GET /api/warning/skill; answers name them as SKILL_DEFINITION):
 * - Stroke: a stroke inside the location's innermost ring. The caller passes them from at least
 *   eventGapMs before fromMs (so an event that began before the window is seen to) up to the end of the
 *   last warning that began in the window (so that warning can be judged).
 * - Event: a run of strokes whose gaps are < eventGapMs (the innermost ring's all-clear time); it starts at
 *   its first stroke. Only events starting in [fromMs, toMs) count.
 * - Warning: a period at level ≥ 2 of this warning source, [start, end), with its true start (also when that
 *   is before the window) and end = the all-clear, or the time the caller stopped looking while still on.
 *   Only warnings that began in [fromMs, toMs) are counted as warnings (false alarms, FAR, time to clear).
 * - Hit: an event whose first stroke falls inside a warning that began before it (lead time > 0). Its lead
 *   time = first stroke − that warning's start (the earliest, if several hold it).
 * - Failure to warn: any other event: its first stroke raised the warning itself (lead 0), or fell outside
 *   every warning. `misses` keeps the same number under its old name.
 * - False alarm: a counted warning with no stroke in it; false_alarm_minutes = their total length, clipped
 *   to the window.
 * - POD = hits / events; FTW rate = 1 − POD.
 *   FAR = false alarms / (counted warnings holding a hit + false alarms).
 *   CSI = hits / (events + false alarms).
 *   Each is null when its denominator is 0. A counted warning holding only failures or the tail of an
 *   earlier event is neither a hit-bearing warning nor a false alarm.
 * - Time to clear, per counted warning with strokes = its end − the last stroke inside it.
 * - Lead time median and quartiles over hits, time to clear median, in minutes (linear interpolation
 *   between order statistics; the median of an even count is the mean of the middle two); null when none.
 */

export interface WarningPeriod {
  startMs: number;
  endMs: number;
}

export interface WarningSkillInput {
  /** Times of the strokes inside the innermost ring (sorted or not), from eventGapMs before fromMs. */
  eventStrokesMs: readonly number[];
  /** This source's periods at level ≥ 2, with their true starts. */
  warnings: readonly WarningPeriod[];
  fromMs: number;
  toMs: number;
  /** Strokes closer than this belong to one event: the innermost ring's all-clear time. */
  eventGapMs: number;
}

/** The counts and scores of `WarningSkill` in packages/shared (without location, window and definition). */
export interface WarningSkillScores {
  events: number;
  hits: number;
  failures_to_warn: number;
  /** The same as failures_to_warn: the name the answer had before failures to warn were counted as such. */
  misses: number;
  false_alarms: number;
  pod: number | null;
  far: number | null;
  csi: number | null;
  median_lead_time_min: number | null;
  lead_time_p25_min: number | null;
  lead_time_p75_min: number | null;
  median_time_to_clear_min: number | null;
  false_alarm_minutes: number;
}

const MIN_MS = 60_000;

/** The first stroke of each event, in time order (events of all the strokes given, not only the window's). */
export function eventStarts(sortedStrokesMs: readonly number[], eventGapMs: number): number[] {
  const starts: number[] = [];
  sortedStrokesMs.forEach((t, i) => {
    const previous = sortedStrokesMs[i - 1];
    if (previous === undefined || t - previous >= eventGapMs) starts.push(t);
  });
  return starts;
}

/** Lead time of an event starting at `startMs`: minutes since the earliest warning holding it that began before it. */
export function leadBefore(startMs: number, warnings: readonly WarningPeriod[]): number | null {
  let earliest: number | null = null;
  for (const w of warnings) {
    if (w.startMs < startMs && startMs < w.endMs && (earliest === null || w.startMs < earliest)) {
      earliest = w.startMs;
    }
  }
  return earliest === null ? null : (startMs - earliest) / MIN_MS;
}

/**
 * The one window rule of warning skill, for every screen that scores a site's live warnings (location screen,
 * board, statistics, data sheets and reports, GET /api/warning/skill): the asked [from, to) clipped to when the
 * site was made (storms before it existed were never its to warn of) and to now. An empty window
 * (from ≥ to) scores nothing. A backtest replays earlier days and says so; it is not clipped.
 */
export function scoredWindow(asked: { fromMs: number; toMs: number; createdMs: number; nowMs: number }): {
  fromMs: number;
  toMs: number;
} {
  const toMs = Math.min(asked.toMs, asked.nowMs);
  const fromMs = Math.min(Math.max(asked.fromMs, asked.createdMs), toMs);
  return { fromMs, toMs };
}

export function computeWarningSkill(input: WarningSkillInput): WarningSkillScores {
  const { fromMs, toMs, eventGapMs } = input;
  const inWindow = (t: number) => t >= fromMs && t < toMs;
  const strokes = [...input.eventStrokesMs].sort((a, b) => a - b);
  const all = input.warnings.filter((w) => w.endMs > w.startMs);
  const counted = all.filter((w) => inWindow(w.startMs)).sort((a, b) => a.startMs - b.startMs);

  const starts = eventStarts(strokes, eventGapMs).filter(inWindow);
  const leadTimesMin: number[] = [];
  const hitWarnings = new Set<WarningPeriod>();
  for (const start of starts) {
    const lead = leadBefore(start, all);
    if (lead === null) continue;
    leadTimesMin.push(lead);
    const holder = counted.find((w) => w.startMs < start && start < w.endMs);
    if (holder) hitWarnings.add(holder);
  }

  let falseAlarms = 0;
  let falseAlarmMs = 0;
  const timesToClearMin: number[] = [];
  for (const w of counted) {
    const last = lastStrokeIn(strokes, w);
    if (last === undefined) {
      falseAlarms++;
      falseAlarmMs += Math.min(w.endMs, toMs) - w.startMs;
    } else {
      timesToClearMin.push((w.endMs - last) / MIN_MS);
    }
  }

  const events = starts.length;
  const hits = leadTimesMin.length;
  return {
    events,
    hits,
    failures_to_warn: events - hits,
    misses: events - hits,
    false_alarms: falseAlarms,
    pod: ratio(hits, events),
    far: ratio(falseAlarms, hitWarnings.size + falseAlarms),
    csi: ratio(hits, events + falseAlarms),
    median_lead_time_min: quantile(leadTimesMin, 0.5),
    lead_time_p25_min: quantile(leadTimesMin, 0.25),
    lead_time_p75_min: quantile(leadTimesMin, 0.75),
    median_time_to_clear_min: quantile(timesToClearMin, 0.5),
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

/** The p-quantile by linear interpolation between order statistics (R's type 7); null when empty. */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const below = s[lo] as number;
  const above = s[Math.min(lo + 1, s.length - 1)] as number;
  return below + (h - lo) * (above - below);
}

/**
 * The periods at level ≥ 2 from level changes in time order (each the level it changed to); one still on
 * at the last change runs until `endMs`.
 */
export function warningPeriodsOf(
  changes: readonly { atMs: number; level: number }[],
  endMs = Number.POSITIVE_INFINITY,
): WarningPeriod[] {
  const out: WarningPeriod[] = [];
  let start: number | null = null;
  for (const { atMs, level } of changes) {
    if (start === null && level >= 2) start = atMs;
    else if (start !== null && level < 2) {
      out.push({ startMs: start, endMs: atMs });
      start = null;
    }
  }
  if (start !== null) out.push({ startMs: start, endMs });
  return out.filter((p) => p.endMs > p.startMs);
}

/**
 * One episode judged as warning skill judges an event: whether a warning began before the first stroke in
 * the innermost ring, and the lead time if so; both null when that ring saw no stroke.
 */
export function episodeWarning(
  timeline: readonly { atMs: number; level: number }[],
  firstInnerMs: number | null,
): { warnedBefore: boolean | null; leadMin: number | null } {
  if (firstInnerMs === null) return { warnedBefore: null, leadMin: null };
  const lead = leadBefore(firstInnerMs, warningPeriodsOf(timeline));
  return { warnedBefore: lead !== null, leadMin: lead };
}
