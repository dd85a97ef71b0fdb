/**
 * Checks a location's warning rings: sensible radii, levels and countdowns, and
 * levels that never rise going outward — a storm farther away must not warn louder than a nearer one.
 */
import type { Ring, RingInput } from '@thunderwatch/shared/schemas/locations';
import { RING_LIMITS } from '@thunderwatch/shared/warnings';

/** `field` names the ring and property as the API body does, e.g. `rings/0/radius_km`. */
export interface RingIssue {
  field: string;
  message: string;
}

const isInt = (v: unknown): v is number => Number.isInteger(v);

function rangeProblem(value: unknown, min: number, max: number, integer: boolean): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (integer && !isInt(value)) return 'must be a whole number';
  if (value < min || value > max) return `must be between ${min} and ${max}`;
  return null;
}

function ringIssues(ring: RingInput, i: number): RingIssue[] {
  const checks: [keyof RingInput, string | null][] = [
    ['radius_km', rangeProblem(ring.radius_km, RING_LIMITS.minRadiusKm, RING_LIMITS.maxRadiusKm, false)],
    ['level', rangeProblem(ring.level, 1, 3, true)],
    ['all_clear_min', rangeProblem(ring.all_clear_min, 1, RING_LIMITS.maxAllClearMin, true)],
    ['min_strokes', rangeProblem(ring.min_strokes, 1, RING_LIMITS.maxMinStrokes, true)],
    ['window_min', rangeProblem(ring.window_min, 1, RING_LIMITS.maxWindowMin, true)],
    ['include_ic', typeof ring.include_ic === 'boolean' ? null : 'must be true or false'],
  ];
  return checks
    .filter((c): c is [keyof RingInput, string] => c[1] !== null)
    .map(([key, message]) => ({ field: `rings/${i}/${key}`, message }));
}

/** Whether rings sorted by radius (as the caller gave them, by index) keep their levels non-increasing. */
function orderIssues(rings: readonly RingInput[]): RingIssue[] {
  const order = rings.map((r, i) => ({ r, i })).sort((a, b) => a.r.radius_km - b.r.radius_km);
  const issues: RingIssue[] = [];
  for (let k = 1; k < order.length; k++) {
    const inner = order[k - 1] as { r: RingInput; i: number };
    const outer = order[k] as { r: RingInput; i: number };
    if (outer.r.radius_km === inner.r.radius_km) {
      issues.push({
        field: `rings/${outer.i}/radius_km`,
        message: `${outer.r.radius_km} km is used by ring ${inner.i} as well; radii must differ`,
      });
    } else if (outer.r.level > inner.r.level) {
      issues.push({
        field: `rings/${outer.i}/level`,
        message: `level ${outer.r.level} at ${outer.r.radius_km} km is higher than level ${inner.r.level} of the nearer ring ${inner.i} (${inner.r.radius_km} km); levels must not rise outward`,
      });
    }
  }
  return issues;
}

/** Every problem with a list of rings (as a request gives them); an empty list means the rings are valid. */
export function validateRings(rings: readonly RingInput[]): RingIssue[] {
  if (rings.length < 1 || rings.length > RING_LIMITS.maxRings)
    return [{ field: 'rings', message: `must have between 1 and ${RING_LIMITS.maxRings} rings` }];
  const each = rings.flatMap(ringIssues);
  return each.length > 0 ? each : orderIssues(rings);
}

/** Whether `validateRings` finds nothing wrong: then every level is a ring level. */
export function areValidRings(rings: readonly RingInput[]): rings is readonly Ring[] {
  return validateRings(rings).length === 0;
}

/** The rings innermost first, the order the engine and the screens use. */
export function sortRings(rings: readonly Ring[]): Ring[] {
  return [...rings].sort((a, b) => a.radius_km - b.radius_km);
}
