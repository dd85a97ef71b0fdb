import type { Ring } from '@thunderwatch/shared/schemas/locations';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';

/**
 * The ring state machine of one location: deterministic,
 * I/O-free functions `(rules, state, stroke, now) → events`, so that the engine only persists and
 * dispatches. The state is updated in place: the engine applies millions of strokes per second to
 * 100,000 locations, and copying every state per stroke cost five times the rest of the work. Callers
 * that keep a snapshot (the stored state) take one with `cloneWarningState`.
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

export interface RingRule {
  radiusKm: number;
  level: RingLevel;
  allClearMs: number;
  minStrokes: number;
  windowMs: number;
  includeIc: boolean;
}

/** A location's rings as the state machine reads them (minutes to milliseconds). */
export function ringRulesOf(rings: readonly Ring[]): RingRule[] {
  return rings.map((r) => ({
    radiusKm: r.radius_km,
    level: r.level,
    allClearMs: r.all_clear_min * 60_000,
    minStrokes: r.min_strokes,
    windowMs: r.window_min * 60_000,
    includeIc: r.include_ic,
  }));
}

/** Counted strokes per minute for the last 15 minutes: `[minute (epoch min), count]` pairs, oldest first. */
export type MinuteCounts = [number, number][];

export interface RingState {
  active: boolean;
  /**
   * Stroke time of the newest counted stroke while active: the countdown runs from it (0 while inactive;
   * never null: a field that is always a number is updated in place, a nullable one boxes every value).
   */
  lastMs: number;
  /** Times of the newest counted strokes (at most `minStrokes`), sorted, for the noise threshold. */
  recent: number[];
  /** Counted strokes in the current episode of the location. */
  episode: number;
  /**
   * Stroke time of the ring's first counted stroke in the current episode; 0 before it (optional: states
   * stored before it existed lack it).
   */
  firstMs?: number;
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
  /**
   * No ring can fall due and no count can grow stale before this instant (a lower bound): the hot path
   * compares one number instead of walking every ring.
   */
  checkMs: number;
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

export const COUNT_MINUTES = 15;
const MINUTE_MS = 60_000;
const NO_EVENTS: readonly LevelChange[] = Object.freeze([]);
/** "Never" that survives JSON (Infinity would come back as null). */
const NEVER = Number.MAX_SAFE_INTEGER;

export function initialWarningState(rules: readonly RingRule[]): WarningState {
  return {
    level: 0,
    sinceMs: null,
    rings: rules.map(() => ({ active: false, lastMs: 0, recent: [], episode: 0, firstMs: 0, minutes: [] })),
    nearest: null,
    checkMs: NEVER,
  };
}

/** An independent copy (the state is updated in place). */
export function cloneWarningState(state: WarningState): WarningState {
  return {
    level: state.level,
    sinceMs: state.sinceMs,
    rings: state.rings.map((r) => ({
      active: r.active,
      lastMs: r.lastMs,
      recent: r.recent.slice(),
      episode: r.episode,
      firstMs: r.firstMs ?? 0,
      minutes: r.minutes.map(([m, c]) => [m, c] as [number, number]),
    })),
    nearest: state.nearest ? { ...state.nearest } : null,
    checkMs: state.checkMs,
  };
}

/**
 * Apply one stroke seen at wall-clock `nowMs`, updating `state`. Rings whose countdown ran out before the
 * stroke's own time clear first (a stroke after the all-clear starts a new episode); clearing up to
 * `nowMs` is the caller's `advance`, once a whole batch of strokes is in. Returns the changes of level, or
 * null when the state did not change at all.
 */
export function applyStroke(
  rules: readonly RingRule[],
  state: WarningState,
  hit: StrokeHit,
  nowMs: number,
): readonly LevelChange[] | null {
  const before = advance(rules, state, hit.timeMs);
  let counted = false;
  let activated = false;
  const minute = Math.floor(hit.timeMs / MINUTE_MS);
  const firstMinute = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as RingRule;
    if (hit.km > rule.radiusKm || (hit.isIc && !rule.includeIc)) continue;
    const ring = state.rings[i] as RingState;
    const wasActive = ring.active;
    countStroke(rule, ring, hit.timeMs, nowMs, minute >= firstMinute ? minute : -1);
    counted = true;
    // Only what this stroke started can bring the next check forward: a first minute count, a first
    // threshold time, or the ring's activation (a running countdown only moves later).
    let check = NEVER;
    if (ring.minutes.length === 1)
      check = ((ring.minutes[0] as [number, number])[0] + COUNT_MINUTES) * MINUTE_MS;
    if (ring.active) {
      if (!wasActive) {
        activated = true;
        check = Math.min(check, ring.lastMs + rule.allClearMs);
      }
    } else if (ring.recent.length > 0) {
      check = Math.min(
        check,
        (ring.recent[ring.recent.length - 1] as number) + rule.allClearMs + rule.windowMs,
      );
    }
    if (check < state.checkMs) state.checkMs = check;
  }
  if (!counted) return before;
  if (state.nearest === null) state.nearest = { km: hit.km, bearingDeg: hit.bearingDeg, timeMs: hit.timeMs };
  else if (hit.km < state.nearest.km) {
    state.nearest.km = hit.km;
    state.nearest.bearingDeg = hit.bearingDeg;
    state.nearest.timeMs = hit.timeMs;
  }
  // The level can only rise when a ring became active.
  const level = activated ? levelOf(rules, state.rings) : state.level;
  if (level <= state.level) return before ?? NO_EVENTS;
  const rise: LevelChange = { from: state.level, to: level, atMs: hit.timeMs };
  state.level = level;
  state.sinceMs = hit.timeMs;
  return before && before.length > 0 ? [...before, rise] : [rise];
}

/** `minute`: the stroke's minute, or -1 when it is older than the 15 counted minutes. */
function countStroke(rule: RingRule, ring: RingState, timeMs: number, nowMs: number, minute: number): void {
  if (minute >= 0) addMinute(ring.minutes, minute);
  if (timeMs + rule.allClearMs <= nowMs) return;
  if (ring.active) {
    if (timeMs > ring.lastMs) ring.lastMs = timeMs;
    ring.episode++;
    if (!ring.firstMs || timeMs < ring.firstMs) ring.firstMs = timeMs;
    return;
  }
  // The newest `minStrokes` strokes meet the threshold when they span less than the window.
  insertSorted(ring.recent, timeMs);
  if (ring.recent.length > rule.minStrokes) ring.recent.splice(0, ring.recent.length - rule.minStrokes);
  const newest = ring.recent[ring.recent.length - 1] as number;
  if (ring.recent.length >= rule.minStrokes && newest - (ring.recent[0] as number) < rule.windowMs) {
    ring.active = true;
    ring.lastMs = newest;
    ring.episode += ring.recent.length;
    const first = ring.recent[0] as number;
    if (!ring.firstMs || first < ring.firstMs) ring.firstMs = first;
    ring.recent = [];
  }
}

/**
 * Clear every ring whose countdown has run out by `nowMs`, in the order they fell due, and forget counts
 * too old to matter. Returns the changes of level, or null when the state did not change.
 */
export function advance(
  rules: readonly RingRule[],
  state: WarningState,
  nowMs: number,
): readonly LevelChange[] | null {
  // The hot path (every stroke near a location comes here first): nothing due, nothing stale.
  if (!(nowMs >= (state.checkMs ?? 0))) return null;
  if (!needsAdvance(rules, state, nowMs)) {
    state.checkMs = exactCheck(rules, state);
    return null;
  }
  pruneOld(rules, state.rings, nowMs);
  let due: { index: number; atMs: number }[] | null = null;
  for (let i = 0; i < state.rings.length; i++) {
    const ring = state.rings[i] as RingState;
    if (!ring.active) continue;
    const atMs = ring.lastMs + (rules[i] as RingRule).allClearMs;
    if (atMs > nowMs) continue;
    due ??= [];
    due.push({ index: i, atMs });
  }
  if (due === null) return NO_EVENTS;
  due.sort((a, b) => a.atMs - b.atMs);
  const events: LevelChange[] = [];
  for (let k = 0; k < due.length; k++) {
    const { index, atMs } = due[k] as { index: number; atMs: number };
    const ring = state.rings[index] as RingState;
    ring.active = false;
    ring.lastMs = 0;
    ring.recent = [];
    // Rings that clear at the same instant make one change of level, not a cascade.
    if (due[k + 1]?.atMs === atMs) continue;
    const level = levelOf(rules, state.rings);
    if (level < state.level) {
      events.push({ from: state.level, to: level, atMs });
      state.level = level;
      state.sinceMs = atMs;
    }
  }
  if (state.level === 0) {
    // All-clear: the episode is over; its counters start again with the next one.
    for (const ring of state.rings) {
      ring.episode = 0;
      ring.firstMs = 0;
    }
    state.nearest = null;
  }
  state.checkMs = exactCheck(rules, state);
  return events;
}

/** The first instant ring `ring` needs the clock: its all-clear, a stale threshold time or minute count. */
function earliestCheck(rule: RingRule, ring: RingState): number {
  let at = NEVER;
  if (ring.active) at = ring.lastMs + rule.allClearMs;
  if (ring.recent.length > 0) {
    at = Math.min(at, (ring.recent[ring.recent.length - 1] as number) + rule.allClearMs + rule.windowMs);
  }
  if (ring.minutes.length > 0)
    at = Math.min(at, ((ring.minutes[0] as [number, number])[0] + COUNT_MINUTES) * MINUTE_MS);
  return at;
}

function exactCheck(rules: readonly RingRule[], state: WarningState): number {
  let at = NEVER;
  for (let i = 0; i < state.rings.length; i++) {
    at = Math.min(at, earliestCheck(rules[i] as RingRule, state.rings[i] as RingState));
  }
  return at;
}

/**
 * Whether a stroke known only to lie between `loKm` and `hiKm` from the location needs its exact distance:
 * when a ring's radius falls between them (whether it counts is open), when it may be the nearest stroke
 * of the episode, or when it may activate a ring (the alarm then reports its distance). Otherwise any
 * distance between the bounds gives the same result, and the engine skips the geodesic.
 */
export function needsExactDistance(
  rules: readonly RingRule[],
  state: WarningState,
  loKm: number,
  hiKm: number,
): boolean {
  if (state.nearest === null || loKm < state.nearest.km) return true;
  for (let i = 0; i < rules.length; i++) {
    const radius = (rules[i] as RingRule).radiusKm;
    if (radius < loKm) continue;
    if (radius < hiKm || !(state.rings[i] as RingState).active) return true;
  }
  return false;
}

/** When the location will be all-clear if no further stroke counts; null while clear. */
export function allClearAt(rules: readonly RingRule[], state: WarningState): number | null {
  let latest: number | null = null;
  state.rings.forEach((ring, i) => {
    if (!ring.active) return;
    const at = ring.lastMs + (rules[i] as RingRule).allClearMs;
    if (latest === null || at > latest) latest = at;
  });
  return latest;
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

function needsAdvance(rules: readonly RingRule[], state: WarningState, nowMs: number): boolean {
  const first = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  for (let i = 0; i < state.rings.length; i++) {
    const ring = state.rings[i] as RingState;
    const rule = rules[i] as RingRule;
    if (ring.active && ring.lastMs + rule.allClearMs <= nowMs) return true;
    const newestRecent = ring.recent[ring.recent.length - 1];
    if (newestRecent !== undefined && newestRecent <= nowMs - rule.allClearMs - rule.windowMs) return true;
    const oldestMinute = ring.minutes[0];
    if (oldestMinute !== undefined && oldestMinute[0] < first) return true;
  }
  return false;
}

function levelOf(rules: readonly RingRule[], rings: readonly RingState[]): Level {
  let level: Level = 0;
  for (let i = 0; i < rings.length; i++) {
    const ruleLevel = (rules[i] as RingRule).level;
    if ((rings[i] as RingState).active && ruleLevel > level) level = ruleLevel;
  }
  return level;
}

/** Counts one stroke in its minute; stale minutes are dropped by `advance`, not here (the hot path). */
function addMinute(minutes: MinuteCounts, minute: number): void {
  // Strokes come mostly in time order: search from the newest minute.
  let i = minutes.length - 1;
  while (i >= 0 && (minutes[i] as [number, number])[0] > minute) i--;
  if (i >= 0 && (minutes[i] as [number, number])[0] === minute) (minutes[i] as [number, number])[1]++;
  else if (i === minutes.length - 1) minutes.push([minute, 1]);
  else minutes.splice(i + 1, 0, [minute, 1]);
}

/**
 * Drop threshold timestamps and minute counts too old to matter, so quiet states become empty. A stroke
 * counted later is newer than now − allClear (older ones are ignored), so threshold times before that minus
 * the window can never again complete a window.
 */
function pruneOld(rules: readonly RingRule[], rings: RingState[], nowMs: number): void {
  const first = Math.floor(nowMs / MINUTE_MS) - COUNT_MINUTES + 1;
  for (let i = 0; i < rings.length; i++) {
    const ring = rings[i] as RingState;
    const rule = rules[i] as RingRule;
    const newest = ring.recent[ring.recent.length - 1];
    if (newest !== undefined && newest <= nowMs - rule.allClearMs - rule.windowMs) ring.recent = [];
    let drop = 0;
    while (drop < ring.minutes.length && (ring.minutes[drop] as [number, number])[0] < first) drop++;
    if (drop > 0) ring.minutes.splice(0, drop);
  }
}

function insertSorted(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && (times[i - 1] as number) > t) i--;
  times.splice(i, 0, t);
}
