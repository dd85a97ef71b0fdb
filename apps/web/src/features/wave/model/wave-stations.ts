import type { WaveReading } from '@thunderwatch/shared/schemas/weather';

export const WAVE_RANGES = { '24h': 24, '3d': 72, '7d': 168 } as const;
export type WaveRange = keyof typeof WAVE_RANGES;

/** `[time ms, value]` pairs of one element; a missing value breaks the line. */
export function seriesOf(
  readings: readonly WaveReading[],
  element: 'wave_height' | 'dominant_period' | 'average_period' | 'mean_direction',
): [number, number | null][] {
  return readings.map((r) => [Date.parse(r.time), r[element]]);
}
