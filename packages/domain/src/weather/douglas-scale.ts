/**
 * The Douglas sea scale (WMO code table 3700, "state of the sea"): degrees 0–9 of the significant wave
 * height. Each degree's upper bound belongs to it (WMO: "0.1 m" for smooth is "over 0.1 up to 0.5").
 */
export const DOUGLAS_DEGREES = [
  { degree: 0, name: 'calm (glassy)', maxM: 0 },
  { degree: 1, name: 'calm (rippled)', maxM: 0.1 },
  { degree: 2, name: 'smooth', maxM: 0.5 },
  { degree: 3, name: 'slight', maxM: 1.25 },
  { degree: 4, name: 'moderate', maxM: 2.5 },
  { degree: 5, name: 'rough', maxM: 4 },
  { degree: 6, name: 'very rough', maxM: 6 },
  { degree: 7, name: 'high', maxM: 9 },
  { degree: 8, name: 'very high', maxM: 14 },
  { degree: 9, name: 'phenomenal', maxM: Number.POSITIVE_INFINITY },
] as const;

export type DouglasDegree = (typeof DOUGLAS_DEGREES)[number]['degree'];

/** The degree of a significant wave height in metres; null for no (or a negative) height. */
export function douglasDegree(heightM: number | null): DouglasDegree | null {
  if (heightM === null || !Number.isFinite(heightM) || heightM < 0) return null;
  for (const d of DOUGLAS_DEGREES) if (heightM <= d.maxM) return d.degree;
  return 9;
}
