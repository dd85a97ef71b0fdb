import { distanceKm } from '@thunderwatch/domain/geo/geodesy';
import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import {
  DEFAULT_PREDICT,
  resolvePredict,
  type StoredPredict,
} from '@thunderwatch/domain/warnings/predict-setting';
import { type PredictSetting, predictAllClearMs } from '@thunderwatch/domain/warnings/predicted-warning';
import { type RingRule, ringRulesOf } from '@thunderwatch/domain/warnings/ring-rules';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';

/** What the engine keeps of a location besides its state. */
export interface WatchedMeta {
  id: number;
  groupId: number;
  name: string;
  /** Its English name (null: none), for the alarms' messages to English readers. */
  nameEn: string | null;
  shape: LocationShape;
  rings: Ring[];
  rules: RingRule[];
  /** A point to estimate the storm approach from: the point itself, or the polygon's vertex mean. */
  site: { lat: number; lon: number };
  /** How far the shape reaches from `site` (0 for a point): far storms are passed over by this. */
  reachKm: number;
  /** Early warning from lightning jumps, and how long a prediction holds without a new threat. */
  predict: PredictSetting;
  predictAllClearMs: number;
}

export function watchedMeta(l: {
  id: number;
  groupId: number;
  name: string;
  nameEn?: string | null;
  shape: LocationShape;
  rings: Ring[];
  predict?: StoredPredict;
}): WatchedMeta {
  const site = sitePoint(l.shape);
  const rules = ringRulesOf(l.rings);
  const predict = resolvePredict(l.predict ?? DEFAULT_PREDICT, l.rings);
  return {
    id: l.id,
    groupId: l.groupId,
    name: l.name,
    nameEn: l.nameEn ?? null,
    shape: l.shape,
    rings: l.rings,
    rules,
    site,
    reachKm: reachOf(l.shape, site),
    predict,
    predictAllClearMs: predictAllClearMs(rules, predict.level),
  };
}

/** The farthest vertex of the shape from the site, km (0 for a point). */
function reachOf(shape: LocationShape, site: { lat: number; lon: number }): number {
  let farthest = 0;
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number') {
      farthest = Math.max(farthest, distanceKm(site.lat, site.lon, c[1] as number, c[0]));
      return;
    }
    for (const inner of c) visit(inner);
  };
  if (shape.type !== 'Point') visit(shape.coordinates);
  return farthest;
}
