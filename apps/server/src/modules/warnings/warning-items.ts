import { allClearAt, recentCounts, type WarningState } from '@thunderwatch/domain/ring-rules';
import { distanceToShape } from '@thunderwatch/domain/shape-distance';
import { type Approach, estimateApproach } from '@thunderwatch/domain/storm-approach';
import type { Level, RingLevel, WarningItem } from '@thunderwatch/shared/warnings';
import type { RecentFlashes } from './recent-flashes.js';
import { toShapeGeometry, type WatchedMeta } from './watched-location.js';

const APPROACH_RANGE_KM = 100;
/** The approach is re-estimated at most this often per location (a track changes over minutes). */
const APPROACH_TTL_MS = 15_000;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Turns engine states into the `WarningItem`s of the API and socket, with a cached storm approach. */
export class WarningItems {
  private readonly approaches = new Map<number, { atMs: number; approach: Approach }>();

  constructor(private readonly flashes: RecentFlashes) {}

  build(
    meta: WatchedMeta,
    state: WarningState | undefined,
    nowMs: number,
    extra: { alertId: number | null; unconfirmed: number },
  ): WarningItem {
    const last15 = state ? recentCounts(state, nowMs) : meta.rings.map(() => 0);
    const clearAt = state ? allClearAt(meta.rules, state) : null;
    const busy = state !== undefined && last15.some((n) => n > 0);
    return {
      location_id: meta.id,
      name: meta.name,
      level: (state?.level ?? 0) as Level,
      since: state?.sinceMs != null ? new Date(state.sinceMs).toISOString() : null,
      nearest_km: state?.nearest ? round(state.nearest.km, 2) : null,
      bearing_deg: state?.nearest ? round(state.nearest.bearingDeg, 1) : null,
      counts: meta.rings.map((r, i) => ({
        radius_km: r.radius_km,
        level: r.level as RingLevel,
        last_15_min: last15[i] ?? 0,
        episode: state?.rings[i]?.episode ?? 0,
        active: state?.rings[i]?.active ?? false,
      })),
      all_clear_at: clearAt !== null ? new Date(clearAt).toISOString() : null,
      approach: (state?.level ?? 0) > 0 || busy ? this.approach(meta, nowMs) : null,
      alert_id: extra.alertId,
      unconfirmed_alarms: extra.unconfirmed,
    };
  }

  forget(locationId: number): void {
    this.approaches.delete(locationId);
  }

  private approach(meta: WatchedMeta, nowMs: number): Approach {
    const cached = this.approaches.get(meta.id);
    if (cached && nowMs - cached.atMs < APPROACH_TTL_MS) return cached.approach;
    const shape = toShapeGeometry(meta.shape);
    const approach = estimateApproach({
      flashes: this.flashes.near(meta.site.lat, meta.site.lon, APPROACH_RANGE_KM + 50),
      site: meta.site,
      ringRadiiKm: meta.rings.map((r) => r.radius_km),
      nowMs,
      distanceKm: meta.shape.type === 'Point' ? undefined : (lat, lon) => distanceToShape(shape, lat, lon).km,
    });
    this.approaches.set(meta.id, { atMs: nowMs, approach });
    return approach;
  }
}
