import { DEFAULT_EFM, efmClearAt } from '@thunderwatch/domain/warnings/efm-warning';
import {
  INITIAL_PREDICTED,
  type PredictedState,
  predictedClearAt,
  shownLevel,
} from '@thunderwatch/domain/warnings/predicted-warning';
import { allClearAt, recentCounts, type WarningState } from '@thunderwatch/domain/warnings/ring-rules';
import type { Approach, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import type { ApproachRound } from './approach-planner.js';
import type { ApproachRunner } from './approach-runner.js';
import type { EarlyState } from './predicted-warnings.js';
import type { WatchedMeta } from './watched-location.js';

/** What the approach rounds have cost so far (the storm benchmark and tests read it). */
export interface ApproachStats {
  rounds: number;
  estimates: number;
  /** Flashes clustered by the last round, and the time the last and the longest round took, ms. */
  lastFlashes: number;
  lastMs: number;
  maxMs: number;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Turns engine states into the `WarningItem`s of the API and socket, with the latest storm approach. */
export class WarningItems {
  private readonly approaches = new Map<number, { atMs: number; approach: Approach }>();
  /** Locations forgotten while a round was out: its estimate of them is dropped. */
  private readonly forgotten = new Set<number>();
  private roundOut = false;
  readonly stats: ApproachStats = { rounds: 0, estimates: 0, lastFlashes: 0, lastMs: 0, maxMs: 0 };

  constructor(private readonly runner: ApproachRunner) {}

  build(
    meta: WatchedMeta,
    state: WarningState | undefined,
    nowMs: number,
    extra: { alertId: number | null; unconfirmed: number; predicted?: PredictedState },
  ): WarningItem {
    return warningItem(meta, state, nowMs, {
      ...extra,
      approach: this.approaches.get(meta.id)?.approach ?? null,
    });
  }

  forget(locationId: number): void {
    this.approaches.delete(locationId);
    this.forgotten.add(locationId);
  }

  /**
   * Asks for a round of estimates of all the given locations (the busy ones, on every engine tick). The
   * runner (the approach worker; inline in tests) clusters the recent flashes once for all of them. While
   * a round is out, no other is started: a round longer than a tick delays the next, never stacks up.
   */
  refresh(metas: readonly WatchedMeta[], nowMs: number): void {
    if (metas.length === 0 || this.roundOut) return;
    const jobs = metas.map((meta) => ({
      id: meta.id,
      site: meta.site,
      shape: meta.shape,
      ringRadiiKm: meta.rings.map((r) => r.radius_km),
      reachKm: meta.reachKm,
    }));
    this.forgotten.clear();
    this.roundOut = true;
    const started = this.runner.run(jobs, nowMs, (round) => {
      this.roundOut = false;
      this.apply(round, nowMs);
    });
    if (!started) this.roundOut = false;
  }

  private apply(round: ApproachRound, nowMs: number): void {
    for (const { id, approach } of round.done) {
      if (!this.forgotten.has(id)) this.approaches.set(id, { atMs: nowMs, approach });
    }
    this.stats.rounds++;
    this.stats.estimates += round.done.length;
    this.stats.lastFlashes = round.flashes;
    this.stats.lastMs = round.ms;
    this.stats.maxMs = Math.max(this.stats.maxMs, round.ms);
  }
}

/**
 * One location's `WarningItem` from its state: the level shown is the higher of the rings' and the
 * prediction's; the approach is shown only while a storm is near.
 */
export function warningItem(
  meta: WatchedMeta,
  state: WarningState | undefined,
  nowMs: number,
  extra: {
    alertId: number | null;
    unconfirmed: number;
    approach: Approach | null;
    predicted?: PredictedState;
  },
): WarningItem {
  const last15 = state ? recentCounts(state, nowMs) : meta.rings.map(() => 0);
  const predicted = extra.predicted ?? INITIAL_PREDICTED;
  const shown = shownLevel((state?.level ?? 0) as Level, predicted);
  const ringClearAt = state ? allClearAt(meta.rules, state) : null;
  const early = predicted as EarlyState;
  // Field mills clear on their own all-clear time, counted from when the field fell below the band.
  const predictedClear =
    early.source === 'efm' && early.efm
      ? efmClearAt(DEFAULT_EFM, early.efm)
      : predictedClearAt(predicted, meta.predictAllClearMs);
  const clearAt =
    predictedClear === null ? ringClearAt : Math.max(predictedClear, ringClearAt ?? Number.NEGATIVE_INFINITY);
  const busy = state !== undefined && last15.some((n) => n > 0);
  const sinceMs = shown.predicted ? predicted.sinceMs : state?.sinceMs;
  return {
    location_id: meta.id,
    name: meta.name,
    name_en: meta.nameEn,
    level: shown.level,
    predicted: shown.predicted,
    source:
      shown.level === 0 ? null : !shown.predicted ? 'rings' : early.source === 'efm' ? 'efm' : 'predicted',
    since: sinceMs != null ? new Date(sinceMs).toISOString() : null,
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
    approach: shown.level > 0 || busy ? extra.approach : null,
    alert_id: extra.alertId,
    unconfirmed_alarms: extra.unconfirmed,
  };
}
