import { allClearAt, recentCounts, type WarningState } from '@thunderwatch/domain/ring-rules';
import type { Approach, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { ApproachRound } from './approach-planner.js';
import type { ApproachRunner } from './approach-runner.js';
import type { WatchedMeta } from './watched-location.js';

/** The approach is re-estimated this often per location (a track changes over minutes). */
export const APPROACH_TTL_MS = 15_000;

/** What the approach estimates have cost so far (the storm benchmark and tests read it). */
export interface ApproachStats {
  rounds: number;
  estimates: number;
  /** Flashes gone through by the last round and by the largest one. */
  lastWork: number;
  maxWork: number;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Turns engine states into the `WarningItem`s of the API and socket, with a cached storm approach. */
export class WarningItems {
  private readonly approaches = new Map<number, { atMs: number; approach: Approach }>();
  /** Locations forgotten while a round was out: its estimate of them is dropped. */
  private readonly forgotten = new Set<number>();
  private roundOut = false;
  readonly stats: ApproachStats = { rounds: 0, estimates: 0, lastWork: 0, maxWork: 0 };

  /** The busy locations of the last tick: a background round that ends with some left starts the next. */
  private lastBusy: readonly WatchedMeta[] = [];

  constructor(
    private readonly runner: ApproachRunner,
    private readonly now: () => number = Date.now,
  ) {}

  build(
    meta: WatchedMeta,
    state: WarningState | undefined,
    nowMs: number,
    extra: { alertId: number | null; unconfirmed: number },
  ): WarningItem {
    return warningItem(meta, state, nowMs, {
      ...extra,
      approach: this.approaches.get(meta.id)?.approach ?? null,
    });
  }

  forget(locationId: number): void {
    this.approaches.delete(locationId);
    this.forgotten.add(locationId);
    this.lastBusy = this.lastBusy.filter((m) => m.id !== locationId);
  }

  /**
   * Asks for a round of estimates of the given locations whose estimate is older than 15 s, oldest first.
   * The runner (the approach worker; inline in tests) goes through at most `APPROACH_WORK_PER_ROUND`
   * flashes per round and leaves the rest for the next round: the next tick inline, at once on the worker.
   * While a round is out, no other is started.
   */
  refresh(metas: readonly WatchedMeta[], nowMs: number): void {
    this.lastBusy = metas;
    const stale = metas
      .map((meta) => ({ meta, atMs: this.approaches.get(meta.id)?.atMs ?? 0 }))
      .filter((x) => nowMs - x.atMs >= APPROACH_TTL_MS)
      .sort((a, b) => a.atMs - b.atMs);
    if (stale.length === 0 || this.roundOut) return;
    const jobs = stale.map(({ meta }) => ({
      id: meta.id,
      site: meta.site,
      shape: meta.shape,
      ringRadiiKm: meta.rings.map((r) => r.radius_km),
    }));
    this.forgotten.clear();
    this.roundOut = true;
    const started = this.runner.run(jobs, nowMs, (round) => {
      this.roundOut = false;
      this.apply(round, nowMs);
      // Off this thread the worker need not idle until the next tick while estimates are due.
      if (this.runner.background && round.done.length < jobs.length) this.refresh(this.lastBusy, this.now());
    });
    if (!started) this.roundOut = false;
  }

  private apply(round: ApproachRound, nowMs: number): void {
    for (const { id, approach } of round.done) {
      if (!this.forgotten.has(id)) this.approaches.set(id, { atMs: nowMs, approach });
    }
    this.stats.rounds++;
    this.stats.estimates += round.done.length;
    this.stats.lastWork = round.work;
    this.stats.maxWork = Math.max(this.stats.maxWork, round.work);
  }
}

/** One location's `WarningItem` from its state; the approach is shown only while a storm is near. */
export function warningItem(
  meta: WatchedMeta,
  state: WarningState | undefined,
  nowMs: number,
  extra: { alertId: number | null; unconfirmed: number; approach: Approach | null },
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
    approach: (state?.level ?? 0) > 0 || busy ? extra.approach : null,
    alert_id: extra.alertId,
    unconfirmed_alarms: extra.unconfirmed,
  };
}
