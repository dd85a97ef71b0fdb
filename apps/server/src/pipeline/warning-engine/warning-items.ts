import { performance } from 'node:perf_hooks';
import { allClearAt, recentCounts, type WarningState } from '@thunderwatch/domain/ring-rules';
import { distanceToShape } from '@thunderwatch/domain/shape-distance';
import { estimateApproach } from '@thunderwatch/domain/storm-approach';
import type { Approach, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { RecentFlashes } from './recent-flashes.js';
import type { WatchedMeta } from './watched-location.js';

const APPROACH_RANGE_KM = 100;
/** The approach is re-estimated this often per location (a track changes over minutes). */
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
      approach: (state?.level ?? 0) > 0 || busy ? (this.approaches.get(meta.id)?.approach ?? null) : null,
      alert_id: extra.alertId,
      unconfirmed_alarms: extra.unconfirmed,
    };
  }

  forget(locationId: number): void {
    this.approaches.delete(locationId);
  }

  /**
   * Re-estimates the storm approach of the given locations whose estimate is older than 15 s, oldest
   * first, for at most `budgetMs`: clustering flashes is too slow to run while a batch of strokes waits.
   */
  refresh(metas: readonly WatchedMeta[], nowMs: number, budgetMs: number): void {
    const start = performance.now();
    const stale = metas
      .map((meta) => ({ meta, atMs: this.approaches.get(meta.id)?.atMs ?? 0 }))
      .filter((x) => nowMs - x.atMs >= APPROACH_TTL_MS)
      .sort((a, b) => a.atMs - b.atMs);
    for (const { meta } of stale) {
      if (performance.now() - start > budgetMs) return;
      this.approaches.set(meta.id, { atMs: nowMs, approach: this.estimate(meta, nowMs) });
    }
  }

  private estimate(meta: WatchedMeta, nowMs: number): Approach {
    const shape = meta.shape;
    return estimateApproach({
      flashes: this.flashes.near(meta.site.lat, meta.site.lon, APPROACH_RANGE_KM + 50),
      site: meta.site,
      ringRadiiKm: meta.rings.map((r) => r.radius_km),
      nowMs,
      distanceKm: meta.shape.type === 'Point' ? undefined : (lat, lon) => distanceToShape(shape, lat, lon).km,
    });
  }
}
