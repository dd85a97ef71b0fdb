import type { RadarTimes } from '@thunderwatch/shared/schemas/radar';

/**
 * Which radar frame the map shows: the latest of the product at or before the time shown (the present when
 * live, the replay clock in replay), unless it is older than RADAR_MAX_AGE_MS — then none, rather than an
 * old picture of the weather.
 */
export const RADAR_MAX_AGE_MS = 30 * 60_000;

export type RadarTime = RadarTimes['items'][number];

/** The products with frames, in name order. */
export function productsOf(items: readonly RadarTime[]): string[] {
  return [...new Set(items.map((i) => i.product))].sort();
}

/** The chosen product if it has frames, else the first real (not simulated-demo) one, else the first. */
export function pickProduct(products: readonly string[], chosen: string | null): string | null {
  if (chosen && products.includes(chosen)) return chosen;
  return products.find((p) => !p.startsWith('sim_')) ?? products[0] ?? null;
}

/** The frame shown at `shown` and the one after it (to load ahead), of one product. */
export function frameAt(
  items: readonly RadarTime[],
  product: string | null,
  shown: number,
  maxAgeMs = RADAR_MAX_AGE_MS,
): { current: RadarTime | null; next: RadarTime | null } {
  const frames = items.filter((i) => i.product === product);
  let index = -1;
  for (let i = 0; i < frames.length; i++) if (Date.parse((frames[i] as RadarTime).time) <= shown) index = i;
  const current =
    index >= 0 && shown - Date.parse((frames[index] as RadarTime).time) <= maxAgeMs
      ? (frames[index] as RadarTime)
      : null;
  return { current, next: frames[index + 1] ?? null };
}
