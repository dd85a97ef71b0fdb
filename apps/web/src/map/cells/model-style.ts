/**
 * Colours of a model's contour bands: the highest band is always the darkest purple, lower ones step back
 * through red, orange and yellow (chances and risks), and further to green and blue when an element has
 * more bands (temperatures).
 */
const RAMP = ['#60a5fa', '#34d399', '#facc15', '#fb923c', '#ef4444', '#db2777', '#9333ea'];

/** [threshold, colour] per band, lowest first. */
export function bandStops(thresholds: readonly number[]): [number, string][] {
  const sorted = [...thresholds].sort((a, b) => a - b);
  const offset = Math.max(0, RAMP.length - sorted.length);
  return sorted.map((t, i) => [t, RAMP[Math.min(RAMP.length - 1, offset + i)] as string]);
}
