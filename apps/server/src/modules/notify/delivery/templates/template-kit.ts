import type { Language } from '@thunderwatch/shared/languages';
import { siteNameIn } from '@thunderwatch/shared/names';
import type { Approach, PredictedBy } from '@thunderwatch/shared/schemas/warnings';

const POINTS_EN = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const POINTS_ZH = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'];

/** The 8-point compass name of a bearing in degrees. */
export function compassPoint(bearingDeg: number, language: Language): string {
  const i = Math.round((((bearingDeg % 360) + 360) % 360) / 45) % 8;
  return (language === 'en' ? POINTS_EN : POINTS_ZH)[i] as string;
}

/** The soonest ring the storm is expected to reach (not one it is already inside), if any. */
export function nextArrival(approach: Approach | null): { radius_km: number; eta_min: number } | null {
  if (approach?.status !== 'approaching') return null;
  let best: { radius_km: number; eta_min: number } | null = null;
  for (const r of approach.rings) {
    if (r.eta_min === null || r.eta_min <= 0) continue;
    if (!best || r.eta_min < best.eta_min) best = { radius_km: r.radius_km, eta_min: r.eta_min };
  }
  return best;
}

export const km = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toString());

/** Why a cell threatened; messages queued before nowcast threats name none and were all lightning jumps. */
export function threatReason(p: PredictedBy): PredictedBy['reason'] {
  return (p as Partial<PredictedBy>).reason ?? 'jump';
}

/** A predicted alarm's cell as a message tells it (distance, compass point, where it moves), if any. */
export function predictedCell(
  p: PredictedBy | null | undefined,
  language: Language,
): {
  id: string;
  reason: PredictedBy['reason'];
  km: string;
  from: string;
  to: string | null;
  speed: number | null;
} | null {
  if (!p) return null;
  return {
    id: p.cell_id,
    reason: threatReason(p),
    km: km(p.distance_km),
    from: compassPoint(p.bearing_deg, language),
    to: p.direction_deg === null ? null : compassPoint(p.direction_deg, language),
    speed: p.speed_kmh === null ? null : Math.round(p.speed_kmh),
  };
}

/**
 * The site a message is about, in its reader's language (`siteNameIn`: the English name for an English
 * reader where the site has one, else its own); messages written before sites had English names have none.
 */
export function siteName(
  facts: { location_name: string; location_name_en?: string | null },
  language: Language,
): string {
  return siteNameIn(language, facts);
}
