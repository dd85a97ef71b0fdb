/**
 * The lightning jump, 2σ algorithm of Schultz, Petersen and Carey (2009, "Preliminary development and
 * evaluation of lightning jump algorithms for the real-time detection of severe weather", J. Appl. Meteor.
 * Climatol. 48, 2543–2563), kept as evaluated again in Schultz, Petersen and Carey (2011, "Lightning and
 * severe weather: a comparison between total and cloud-to-ground lightning trends", Wea. Forecasting 26,
 * 744–755):
 * - the total (IC + CG) flash rate of a cell is averaged over 2-min periods (flashes per minute);
 * - DFRDT, its time rate of change, is the change between consecutive periods divided by the 2 min between
 *   them (flashes per minute per minute);
 * - σ is the standard deviation of the DFRDT of the five periods before the current one (the previous
 *   10 min); the algorithm needs that history, so a cell younger than 7 periods (14 min) cannot jump;
 * - a jump is flagged when the current DFRDT exceeds 2σ and the current period's rate reaches the
 *   activation threshold of 10 flashes per minute (the papers' threshold, below which storms are rarely
 *   severe and the rate's noise dominates).
 * σ is the sample standard deviation (n − 1) of the five values; a jump also needs DFRDT > 0 (with a flat
 * history σ is 0, and "more than 2σ" must still mean a rise).
 */
export const JUMP = {
  periodMin: 2,
  historyPeriods: 5,
  sigmaFactor: 2,
  activationPerMin: 10,
} as const;

/** Per-minute flash counts needed: the current period, the one before it and the five before that. */
export const JUMP_HISTORY_MIN = JUMP.periodMin * (JUMP.historyPeriods + 2);

export interface JumpResult {
  jump: boolean;
  /** Total flashes per minute over the current 2-min period; null without two minutes of counts. */
  ratePerMin: number | null;
  /** Flashes per minute per minute; null without the period before. */
  dfrdt: number | null;
  /** DFRDT over σ; null until the history is complete, or while σ is 0. */
  sigmas: number | null;
}

/**
 * The 2σ test on a cell's flash counts per minute, oldest first, the last being the minute that ends at the
 * step being judged. Periods are counted back from the last minute: [n−2, n−1], [n−4, n−3], …
 */
export function lightningJump(countsPerMin: readonly number[]): JumpResult {
  const p = JUMP.periodMin;
  const n = countsPerMin.length;
  const periods: number[] = [];
  for (let end = n; end - p >= 0 && periods.length < JUMP.historyPeriods + 2; end -= p) {
    let sum = 0;
    for (let i = end - p; i < end; i++) sum += countsPerMin[i] as number;
    periods.unshift(sum / p);
  }
  const rate = periods.at(-1) ?? null;
  if (periods.length < 2) return { jump: false, ratePerMin: rate, dfrdt: null, sigmas: null };
  const dfrdt: number[] = [];
  for (let k = 1; k < periods.length; k++)
    dfrdt.push(((periods[k] as number) - (periods[k - 1] as number)) / p);
  const current = dfrdt.at(-1) as number;
  if (dfrdt.length < JUMP.historyPeriods + 1) {
    return { jump: false, ratePerMin: rate, dfrdt: current, sigmas: null };
  }
  const history = dfrdt.slice(0, -1);
  const mean = history.reduce((s, x) => s + x, 0) / history.length;
  const sigma = Math.sqrt(history.reduce((s, x) => s + (x - mean) ** 2, 0) / (history.length - 1));
  const jump = current > 0 && current > JUMP.sigmaFactor * sigma && (rate as number) >= JUMP.activationPerMin;
  return { jump, ratePerMin: rate, dfrdt: current, sigmas: sigma > 0 ? current / sigma : null };
}
