/**
 * Downsampling of a station's series for charts: one bucket per `intervalMs` from `fromMs`, with the
 * minimum, maximum and mean of the values in it. Directions (degrees) are averaged as unit vectors, so
 * 350° and 10° average to 0°, not 180°; their min and max are the plain extremes.
 */
export interface SeriesPoint {
  timeMs: number;
  value: number;
}

export interface SeriesBucket {
  timeMs: number;
  min: number;
  max: number;
  mean: number;
  count: number;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

export function downsample(
  points: readonly SeriesPoint[],
  fromMs: number,
  intervalMs: number,
  circular = false,
): SeriesBucket[] {
  if (!(intervalMs > 0)) throw new RangeError('intervalMs must be positive');
  const buckets = new Map<
    number,
    { min: number; max: number; sum: number; x: number; y: number; n: number }
  >();
  for (const p of points) {
    if (p.timeMs < fromMs) continue;
    const start = fromMs + Math.floor((p.timeMs - fromMs) / intervalMs) * intervalMs;
    let b = buckets.get(start);
    if (!b) {
      b = { min: p.value, max: p.value, sum: 0, x: 0, y: 0, n: 0 };
      buckets.set(start, b);
    }
    b.min = Math.min(b.min, p.value);
    b.max = Math.max(b.max, p.value);
    b.sum += p.value;
    const rad = (p.value * Math.PI) / 180;
    b.x += Math.sin(rad);
    b.y += Math.cos(rad);
    b.n++;
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([timeMs, b]) => ({
      timeMs,
      min: b.min,
      max: b.max,
      mean: round(circular ? circularMean(b.x, b.y) : b.sum / b.n),
      count: b.n,
    }));
}

/** The direction of the summed unit vectors in [0, 360); calm (a zero sum) reads as 0. */
function circularMean(x: number, y: number): number {
  if (Math.abs(x) < 1e-12 && Math.abs(y) < 1e-12) return 0;
  const deg = (Math.atan2(x, y) * 180) / Math.PI;
  return (deg + 360) % 360;
}
