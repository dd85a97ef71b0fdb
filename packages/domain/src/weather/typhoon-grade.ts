/**
 * Tropical cyclone grades as China classifies them (GB/T 19201-2006, used by the CMA best track): six grades
 * by the 2-minute mean maximum wind near the centre, plus `LO` (weaker than a depression, or unknown) and
 * `ET` (extratropical), which the CMA best track also records.
 */
import { TYPHOON_GRADES, type TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';

export { TYPHOON_GRADES, type TyphoonGrade };

/** Knots to metres per second (1 kt = 1852 m / 3600 s). */
export const KT_TO_MS = 1852 / 3600;
/** Nautical miles to kilometres. */
export const NM_TO_KM = 1.852;

/** Lower bounds (m/s) of the six grades of GB/T 19201-2006, strongest first. */
const GRADE_FLOORS_MS: readonly [TyphoonGrade, number][] = [
  ['SuperTY', 51.0],
  ['STY', 41.5],
  ['TY', 32.7],
  ['STS', 24.5],
  ['TS', 17.2],
  ['TD', 10.8],
];

/**
 * The grade of a maximum wind in m/s. The table's bands are given to 0.1 m/s (TS is 17.2–24.4), so the wind is
 * rounded to 0.1 first: 24.45 m/s is 24.5, a severe tropical storm.
 */
export function gradeOfWindMs(windMs: number): TyphoonGrade {
  const w = Math.round(windMs * 10) / 10;
  for (const [grade, floor] of GRADE_FLOORS_MS) if (w >= floor) return grade;
  return 'LO';
}

/**
 * The grade of a maximum wind in knots. Used where the source gives no CMA grade (ATCF: JTWC's 1-minute mean);
 * the 1-minute wind is taken as it is, without a gust-factor conversion to a 2-minute mean.
 */
export function gradeOfWindKt(windKt: number): TyphoonGrade {
  return gradeOfWindMs(windKt * KT_TO_MS);
}

/** The CMA best track's intensity code `I` (0–6, 9) as a grade; null for any other code. */
export function gradeOfCmaCode(code: number): TyphoonGrade | null {
  if (code === 9) return 'ET';
  if (Number.isInteger(code) && code >= 0 && code <= 6) return TYPHOON_GRADES[code] ?? null;
  return null;
}

/** Grades ordered by strength (ET, which can be strong or weak, ranks with TD). */
export function gradeRank(grade: TyphoonGrade): number {
  return grade === 'ET' ? 1 : TYPHOON_GRADES.indexOf(grade);
}
