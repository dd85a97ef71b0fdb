/** How a key indicator moved against its comparison value, and the arithmetic behind the overview. */

export type Trend = 'up' | 'down' | 'flat';

/**
 * `up` or `down` when the value moved by more than `tolerance` of the comparison value (and by more than
 * `minStep` in absolute terms, so 1 → 2 strokes is not a doubling worth an arrow), else `flat`; null when
 * either side is unknown.
 */
export function trendOf(
  value: number | null,
  previous: number | null,
  { tolerance = 0.05, minStep = 0 }: { tolerance?: number; minStep?: number } = {},
): Trend | null {
  if (value === null || previous === null) return null;
  const change = value - previous;
  if (Math.abs(change) <= Math.max(minStep, Math.abs(previous) * tolerance)) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** The mean of the years that have data (null entries have none); null when no year has. */
export function climatologyMean(perYear: readonly (number | null)[]): { mean: number | null; years: number } {
  const known = perYear.filter((n): n is number => n !== null);
  if (known.length === 0) return { mean: null, years: 0 };
  return { mean: known.reduce((s, n) => s + n, 0) / known.length, years: known.length };
}

/** Per cent of `part` in `whole`, to one decimal; null when there is no whole. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
