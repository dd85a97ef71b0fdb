export type WindTrend = 'rising' | 'steady' | 'falling';

export interface WindTrendResult {
  trend: WindTrend;
  /** The least-squares change of the speed over one hour, m/s (rounded to 0.1). */
  changePerHourMs: number;
}

const HOUR_MS = 3_600_000;
/** A change smaller than this over an hour is steady: about half a Beaufort force at gale strength. */
export const TREND_THRESHOLD_MS_PER_H = 1.5;
/** The readings must span at least this long, else one gusty minute would make a trend. */
export const TREND_MIN_SPAN_MS = 20 * 60_000;

/**
 * Whether a station's wind is rising, steady or falling over the hour up to `endMs` (its latest reading): the
 * slope of a least-squares line through the readings of that hour, so one outlier moves it less than a
 * first-to-last difference would. Null when fewer than 3 readings or a span under 20 min.
 */
export function windTrend(
  points: readonly { timeMs: number; value: number }[],
  endMs: number,
): WindTrendResult | null {
  const inHour = points.filter(
    (p) => p.timeMs > endMs - HOUR_MS && p.timeMs <= endMs && Number.isFinite(p.value),
  );
  if (inHour.length < 3) return null;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let sx = 0;
  let sy = 0;
  for (const p of inHour) {
    first = Math.min(first, p.timeMs);
    last = Math.max(last, p.timeMs);
    sx += p.timeMs - endMs;
    sy += p.value;
  }
  if (last - first < TREND_MIN_SPAN_MS) return null;
  const mx = sx / inHour.length;
  const my = sy / inHour.length;
  let sxy = 0;
  let sxx = 0;
  for (const p of inHour) {
    const dx = p.timeMs - endMs - mx;
    sxy += dx * (p.value - my);
    sxx += dx * dx;
  }
  const perHour = (sxy / sxx) * HOUR_MS;
  const changePerHourMs = Math.round(perHour * 10) / 10;
  const trend: WindTrend =
    perHour >= TREND_THRESHOLD_MS_PER_H
      ? 'rising'
      : perHour <= -TREND_THRESHOLD_MS_PER_H
        ? 'falling'
        : 'steady';
  return { trend, changePerHourMs: Object.is(changePerHourMs, -0) ? 0 : changePerHourMs };
}
