import type { PredictInput } from '@thunderwatch/shared/schemas/locations';
import { PREDICT_LIMITS, type RingLevel } from '@thunderwatch/shared/warnings';
import type { PredictSetting } from './predicted-warning.js';

/** A location's predicted-warning setting as stored: `level` null follows the outermost ring's level. */
export interface StoredPredict {
  enabled: boolean;
  rangeKm: number;
  level: RingLevel | null;
}

export const DEFAULT_PREDICT: StoredPredict = {
  enabled: false,
  rangeKm: PREDICT_LIMITS.defaultRangeKm,
  level: null,
};

export interface PredictIssue {
  field: string;
  message: string;
}

/** Problems with a request's setting, each naming its field as the body does (`predict/range_km`). */
export function validatePredict(input: PredictInput): PredictIssue[] {
  const issues: PredictIssue[] = [];
  const { minRangeKm, maxRangeKm } = PREDICT_LIMITS;
  const range = input.range_km;
  if (range !== undefined && !(Number.isFinite(range) && range >= minRangeKm && range <= maxRangeKm)) {
    issues.push({ field: 'predict/range_km', message: `must be between ${minRangeKm} and ${maxRangeKm}` });
  }
  const level = input.level;
  if (level !== undefined && level !== null && !(Number.isInteger(level) && level >= 1 && level <= 3)) {
    issues.push({ field: 'predict/level', message: 'must be 1, 2 or 3 (or null for the outermost ring’s)' });
  }
  return issues;
}

/** The stored setting after a (valid) request: fields left out keep their values. */
export function mergePredict(current: StoredPredict, input: PredictInput | undefined): StoredPredict {
  if (!input) return current;
  return {
    enabled: input.enabled,
    rangeKm: input.range_km ?? current.rangeKm,
    level: input.level === undefined ? current.level : (input.level as RingLevel | null),
  };
}

/** The setting in force: the level defaults to the outermost ring's (rings innermost first). */
export function resolvePredict(
  stored: StoredPredict,
  rings: readonly { level: RingLevel }[],
): PredictSetting {
  return {
    enabled: stored.enabled,
    rangeKm: stored.rangeKm,
    level: stored.level ?? rings.at(-1)?.level ?? 1,
  };
}
