/**
 * A colour per Beaufort force for station marks: calm to fresh in cool tones, strong breeze (6) where CMA's
 * blue gale signal starts, then yellow, orange and red up the gale levels, purple beyond force 12.
 */
export const BEAUFORT_COLORS: readonly string[] = [
  '#64748b', // 0
  '#94a3b8',
  '#7dd3fc',
  '#38bdf8',
  '#22d3ee',
  '#34d399', // 5
  '#1d6ff2', // 6: blue signal
  '#3b82f6',
  '#f7d100', // 8: yellow
  '#fbbf24',
  '#ff8a00', // 10: orange
  '#f97316',
  '#e5262b', // 12: red
  '#be123c',
  '#a21caf',
  '#9333ea',
  '#7e22ce',
  '#581c87', // 17
];

/** The colour of a force; grey for none. */
export function beaufortColor(force: number | null): string {
  if (force === null || force < 0) return '#475569';
  return BEAUFORT_COLORS[Math.min(force, BEAUFORT_COLORS.length - 1)] as string;
}
