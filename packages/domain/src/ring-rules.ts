/**
 * The ring state machine of one location (PRODUCT.md "Defaults", issue 4 "The rules"): pure functions
 * `(rules, state, stroke, now) → (state', events)`, so that the engine only persists and dispatches.
 *
 * - A stroke counts for every ring whose radius contains it (IC strokes only where the ring includes IC).
 * - A ring becomes active once `minStrokes` counted strokes fall within `windowMs`, and stays active until
 *   `allClearMs` pass with no counted stroke; every counted stroke restarts that countdown. Countdowns run
 *   on stroke time, so replaying stored strokes after a restart rebuilds them exactly.
 * - The location's level is the highest level among its active rings. Every change of level is an event;
 *   rings clear one by one at their own due times, so the level steps down ring by ring.
 * - A stroke whose countdown would already have run out by `now` (a delayed stroke) changes nothing but
 *   the recent counts: it must never raise an alarm that is over before anyone sees it.
 */

export type Level = 0 | 1 | 2 | 3;

export interface RingRule {
  radiusKm: number;
  level: 1 | 2 | 3;
  allClearMs: number;
  minStrokes: number;
  windowMs: number;
  includeIc: boolean;
}

/** Counted strokes per minute for the last 15 minutes: `[minute (epoch min), count]` pairs, oldest first. */
export type MinuteCounts = [number, number][];

export interface RingState {
  active: boolean;
  /** Stroke time of the newest counted stroke while active: the countdown runs from it. */
  lastMs: number | null;
  /** Times of the newest counted strokes (at most `minStrokes`), sorted, for the noise threshold. */
  recent: number[];
  /** Counted strokes in the current episode of the location. */
  episode: number;
  minutes: MinuteCounts;
}

export interface NearestStroke {
  km: number;
  bearingDeg: number;
  timeMs: number;
}

export interface WarningState {
  level: Level;
  /** When the current level began (stroke time of the rise, or due time of the fall); null: never. */
  sinceMs: number | null;
  rings: RingState[];
  /** The nearest counted stroke of the current episode (or of the last strokes while clear). */
  nearest: NearestStroke | null;
}

/** A stroke as seen from one location. */
export interface StrokeHit {
  timeMs: number;
  isIc: boolean;
  km: number;
  bearingDeg: number;
}

export interface LevelChange {
  from: Level;
  to: Level;
  /** Stroke time of the rise, or the instant the countdown ran out for a fall. */
  atMs: number;
}

export interface Transition {
  state: WarningState;
  events: LevelChange[];
}

export const COUNT_MINUTES = 15;
const MINUTE_MS = 60_000;

export function initialWarningState(rules: readonly RingRule[]): WarningState {
  return {
    level: 0,
    sinceMs: null,
    rings: rules.map(() => ({ active: false, lastMs: null, recent: [], episode: 0, minutes: [] })),
    nearest: null,
  };
}

/**
 * Apply one stroke seen at wall-clock `nowMs`. Rings whose countdown ran out before the stroke's own time
 * clear first (a stroke after the all-clear starts a new episode); clearing up to `nowMs` is the caller's
 * `advance`, once a whole batch of strokes is in.
 */
export function applyStroke(
  rules: readonly RingRule[],
  state: WarningState,
  hit: StrokeHit,
  nowMs: number,
): Transition {
  const before = advance(rules, state, hit.timeMs);
  const base = before.state;
  let rings = base.rings;
  let counted = false;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as RingRule;
    if (hit.km > rule.radiusKm || (hit.isIc && !rule.includeIc)) continue;
    if (rings === base.rings) rings = rings.slice();
    rings[i] = countStroke(rule, rings[i] as RingState, hit.timeMs, nowMs);
    counted = true;
  }
  if (!counted) return before;
  const nearest =
    base.nearest === null || hit.km < base.nearest.km
      ? { km: hit.km, bearingDeg: hit.bearingDeg, timeMs: hit.timeMs }
      : base.nearest;
  const level = levelOf(rules, rings);
  const next: WarningState = { ...base, rings, nearest };
  if (level <= base.level) return { state: next, events: before.events };
  return {
    state: { ...next, level, sinceMs: hit.timeMs },
    events: [...before.events, { from: base.level, to: level, atMs: hit.timeMs }],
  };
}

function countStroke(rule: RingRule, ring: RingState, timeMs: number, nowMs: number): RingState {
  const minutes = addMinute(ring.minutes, Math.floor(timeMs / MINUTE_MS), nowMs);
  if (timeMs + rule.allClearMs <= nowMs) return { ...ring, minutes };
  if (ring.active) {
    return {
      ...ring,
      lastMs: Math.max(ring.lastMs ?? timeMs, timeMs),
      episode: ring.episode + 1,
      minutes,
    };
  }
  // The newest `minStrokes` strokes meet the threshold when they span less than the window.
  const recent = insertSorted(ring.recent, timeMs).slice(-rule.minStrokes);
  const newest = recent[recent.length - 1] as number;
  if (recent.length >= rule.minStrokes && newest - (recent[0] as number) < rule.windowMs) {
    return { active: true, lastMs: newest, recent: [], episode: ring.episode + recent.length, minutes };
  }
  return { ...ring, recent, minutes };
}

/** Clear every ring whose countdown has run out by `nowMs`, in the order they fell due. */
export function advance(rules: readonly RingRule[], state: WarningState, nowMs: number): Transition {
  const due: { index: number; atMs: number }[] = [];
  state.rings.forEach((ring, index) => {
    if (!ring.active || ring.lastMs === null) return;
    const atMs = ring.lastMs + (rules[index] as RingRule).allClearMs;
    if (atMs <= nowMs) due.push({ index, atMs });
  });
  const rings = pruneRecent(rules, state.rings, nowMs);
  if (due.length === 0) return { state: rings === state.rings ? state : { ...state, rings }, events: [] };
  due.sort((a, b) => a.atMs - b.atMs);
  const next = rings === state.rings ? rings.slice() : rings;
  const events: LevelChange[] = [];
  let level = state.level;
  let sinceMs = state.sinceMs;
  for (let k = 0; k < due.length; k++) {
    const { index, atMs } = due[k] as { index: number; atMs: number };
    next[index] = { ...(next[index] as RingState), active: false, lastMs: null, recent: [] };
    // Rings that clear at the same instant make one change of level, not a cascade.
    if (due[k + 1]?.atMs === atMs) continue;
    const now = levelOf(rules, next);
    if (now < level) {
      events.push({ from: level, to: now, atMs });
      level = now;
      sinceMs = atMs;
    }
  }
  if (level === 0) {
    // All-clear: the episode is over; its counters start again with the next one.
    for (let i = 0; i < next.length; i++) next[i] = { ...(next[i] as RingState), episode: 0 };
    return { state: { level, sinceMs, rings: next, nearest: null }, events };
  }
  return { state: { ...state, level, sinceMs, rings: next }, events };
}

/** When the location will be all-clear if no further stroke counts; null while clear. */
export function allClearAt(rules: readonly RingRule[], state: WarningState): number | null {
  let latest: number | null = null;
  state.rings.forEach((ring, i) => {
    if (!ring.active || ring.lastMs === null) return;
    const at = ring.lastMs + (rules[i] as RingRule).allClearMs;
    if (latest === null || at > latest) latest = at;
  });
  return latest;
}

/** The next instant a ring clears (the engine's timer), or null when nothing is active. */
export function nextDueAt(rules: readonly RingRule[], state: WarningState): number | null {
  let earliest: number | null = null;
  state.rings.forEach((ring, i) => {
    if (!ring.active || ring.lastMs === null) return;
    const at = ring.lastMs + (rules[i] as RingRule).allClearMs;
    if (earliest === null || at < earliest) earliest = at;
  });
  return earliest;
}

/** Counted strokes per ring in the last 15 minutes before `nowMs`. */
export function recentCounts(state: WarningState, nowMs: number): number[] {
  const first = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  return state.rings.map((ring) => ring.minutes.reduce((n, [m, c]) => (m >= first ? n + c : n), 0));
}

/** Whether the state holds nothing time-dependent any more (clear, no pending strokes, no counts). */
export function isQuiet(state: WarningState): boolean {
  return (
    state.level === 0 &&
    state.rings.every((r) => !r.active && r.recent.length === 0 && r.minutes.length === 0)
  );
}

function levelOf(rules: readonly RingRule[], rings: readonly RingState[]): Level {
  let level: Level = 0;
  rings.forEach((ring, i) => {
    const ruleLevel = (rules[i] as RingRule).level;
    if (ring.active && ruleLevel > level) level = ruleLevel;
  });
  return level;
}

function addMinute(minutes: MinuteCounts, minute: number, nowMs: number): MinuteCounts {
  const first = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  if (minute < first) return minutes;
  const kept = minutes.filter(([m]) => m >= first);
  const at = kept.findIndex(([m]) => m === minute);
  if (at >= 0) {
    const [m, c] = kept[at] as [number, number];
    kept[at] = [m, c + 1];
    return kept;
  }
  kept.push([minute, 1]);
  return kept.sort((a, b) => a[0] - b[0]);
}

/** Drop threshold timestamps and minute counts too old to matter, so quiet states become empty. */
function pruneRecent(rules: readonly RingRule[], rings: RingState[], nowMs: number): RingState[] {
  const first = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  let out = rings;
  rings.forEach((ring, i) => {
    // A stroke counted later is newer than now − allClear (older ones are ignored), so threshold times
    // before that minus the window can never again complete a window.
    const rule = rules[i] as RingRule;
    const staleRecent =
      ring.recent.length > 0 &&
      (ring.recent[ring.recent.length - 1] as number) <= nowMs - rule.allClearMs - rule.windowMs;
    const staleMinutes = ring.minutes.length > 0 && (ring.minutes[0] as [number, number])[0] < first;
    if (!staleRecent && !staleMinutes) return;
    if (out === rings) out = rings.slice();
    out[i] = {
      ...ring,
      recent: staleRecent ? [] : ring.recent,
      minutes: staleMinutes ? ring.minutes.filter(([m]) => m >= first) : ring.minutes,
    };
  });
  return out;
}

function insertSorted(times: readonly number[], t: number): number[] {
  const out = times.slice();
  let i = out.length;
  while (i > 0 && (out[i - 1] as number) > t) i--;
  out.splice(i, 0, t);
  return out;
}
