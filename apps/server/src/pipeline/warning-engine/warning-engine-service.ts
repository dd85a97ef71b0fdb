import { shownLevel } from '@thunderwatch/domain/warnings/predicted-warning';
import { alarmDto } from '@thunderwatch/domain/warnings/raised-alarm';
import { cloneWarningState } from '@thunderwatch/domain/warnings/ring-rules';
import { WarningEngineCore } from '@thunderwatch/domain/warnings/warning-engine';
import type { AlarmDto, Approach, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { Lease } from '../../db/singleton.js';
import type { Metrics } from '../../lib/metrics.js';
import { type StrokeRow, toEngineStroke } from '../../modules/lightning/strokes/stroke-row.js';
import type { AlarmOutbox } from '../../modules/notify/delivery/alarm-outbox.js';
import type {
  LocationChange,
  LocationChanges,
  LocationRecord,
} from '../../modules/warnings/locations/location-changes.js';
import { CHANNELS, type ClusterSignals } from '../cluster/signals.js';
import type { StrokeBus } from '../stroke-bus.js';
import { type ApproachRunner, approachRunner } from './approach-runner.js';
import type { EfmSamples } from './efm-samples.js';
import type { EpisodesRepo } from './episodes-repo.js';
import { type EngineUpdate, PredictedWarnings } from './predicted-warnings.js';
import { StrokeLogFollower } from './stroke-log-follower.js';
import { CellStepFollower, type ThreatCells } from './threat-cells.js';
import { type ApproachStats, WarningItems } from './warning-items.js';
import { WarningPersister, type WrittenBatch } from './warning-persister.js';
import type { WarningStore } from './warning-store.js';
import { type WatchedMeta, watchedMeta } from './watched-location.js';

/** Where warnings and alarms go out live: the owning group's socket room. */
export interface WarningEmitter {
  warning(groupId: number, items: WarningItem[]): void;
  alarm(groupId: number, alarm: AlarmDto): void;
}

export const TICK_MS = 1000;

/** How often the watermark alone is written while strokes reach no location. */
const WATERMARK_EVERY_MS = 10_000;

/**
 * The live warning engine, one term of it on the node holding its lease: strokes from the stroke log and
 * location edits go through one queue, so states change in order; each step is written in one transaction
 * (state, events, alerts, alarms) before it is pushed to the group's sockets. A term starts from the stored
 * states and catches up on the strokes received since the stored watermark, so after a crash or a
 * failover countdowns are exact and no episode is opened twice.
 */
/** Alarms confirmed before they were counted, remembered at most. */
const CONFIRMED_EARLY_MAX = 1024;

export class WarningEngineService {
  private readonly core = new WarningEngineCore();
  private readonly predicted = new PredictedWarnings((id) => this.core.state(id));
  private readonly cellSteps: CellStepFollower;
  private readonly meta = new Map<number, WatchedMeta>();
  private readonly unconfirmed = new Map<number, number>();
  /** Alarms this engine counted as unconfirmed since it started (those before are in the loaded counts). */
  private readonly counted = new Set<number>();
  /**
   * Alarms confirmed before this engine counted them: a confirmation may come between an alarm's commit and
   * the engine counting it just after. Not counted then (the board kept a confirmed alarm as unconfirmed).
   */
  private readonly confirmedEarly = new Set<number>();
  /** When the stored unconfirmed counts were read: alarms raised before are in them. */
  private countsLoadedMs = Number.NEGATIVE_INFINITY;
  private readonly approaches: ApproachRunner;
  private readonly items: WarningItems;
  private readonly persister: WarningPersister;
  private emitter: WarningEmitter | null = null;
  private readonly strokeLog: StrokeLogFollower;
  private queue: Promise<void> = Promise.resolve();
  /** Updates whose write failed (database down): written first with the next step. */
  private pending: { updates: EngineUpdate[]; watermark: number | null } = { updates: [], watermark: null };
  private timer: NodeJS.Timeout | null = null;
  private watermarkWrittenMs = 0;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly d: {
      store: WarningStore;
      episodes: EpisodesRepo;
      locations: { listAllEnabled(): Promise<LocationRecord[]> };
      changes: LocationChanges;
      /** Wake-ups: a batch ingested on this node (the bus) or on any node (the strokes signal). */
      bus: StrokeBus;
      signals: Pick<ClusterSignals, 'on'>;
      /** This term's lease, checked in every write (none: a test's engine that runs alone). */
      lease?: Lease;
      lateAfterMs: number;
      now: () => Date;
      log: FastifyBaseLogger;
      /** Writes each alarm's deliveries in the alarm's transaction. */
      outbox: Pick<AlarmOutbox, 'enqueue' | 'committed'>;
      metrics?: Pick<Metrics, 'alarms'>;
      /** Where storm approaches are estimated; the approach worker unless given (tests pass it inline). */
      approaches?: ApproachRunner;
      /** The cell tracker's steps, for predicted warnings (none: no location is ever predicted). */
      cells?: ThreatCells;
      /** The field mills' readings, for their warnings (none: no location warns from mills). */
      efm?: EfmSamples;
    },
  ) {
    this.persister = new WarningPersister(d.store, d.episodes);
    this.cellSteps = new CellStepFollower(d.cells);
    this.approaches = d.approaches ?? approachRunner(d.log);
    this.items = new WarningItems(this.approaches);
    this.strokeLog = new StrokeLogFollower({
      strokesAfter: (afterUs, limit) => d.store.strokesAfter(afterUs, d.lateAfterMs, limit),
      logHead: () => d.store.logHead(),
      apply: (rows, atMs) => this.processRows(rows, atMs),
      enqueue: (work) => this.enqueue(work),
      now: () => d.now().getTime(),
    });
  }

  /** What the storm approach estimates have cost so far. */
  approachStats(): ApproachStats {
    return { ...this.items.stats };
  }

  attach(emitter: WarningEmitter): void {
    this.emitter = emitter;
  }

  /** Load locations and stored states, replay what a crash lost, issue all-clears that fell due. */
  async start(options: { tick?: boolean } = {}): Promise<void> {
    this.countsLoadedMs = this.d.now().getTime();
    const [locations, states, openAlerts, unconfirmed, watermark] = await Promise.all([
      this.d.locations.listAllEnabled(),
      this.d.store.loadStates(),
      this.d.store.openAlerts(),
      this.d.store.unconfirmedByLocation(),
      this.d.store.watermark(),
    ]);
    const stored = new Map(states.map((s) => [s.locationId, s]));
    for (const [id, alertId] of openAlerts) this.persister.openAlerts.set(id, alertId);
    for (const [id, n] of unconfirmed) this.unconfirmed.set(id, n);
    const nowMs = this.d.now().getTime();
    for (const l of locations) {
      const meta = watchedMeta(l);
      this.meta.set(l.id, meta);
      const saved = stored.get(l.id)?.state;
      const usable = saved && saved.rings.length === meta.rules.length ? saved : undefined;
      if (usable) this.persister.stored.set(l.id, cloneWarningState(usable));
      this.core.upsert({ id: l.id, shape: l.shape, rules: meta.rules }, usable, nowMs);
      this.predicted.watch(meta, stored.get(l.id)?.predicted);
    }
    await this.strokeLog.catchUp(watermark);
    await this.step(this.advanced(this.d.now().getTime()), null);
    await this.readCells();
    await this.closeOrphanAlerts();
    this.unsubscribe.push(
      this.d.bus.subscribe((rows) => this.strokeLog.wake(rows[0]?.received_us)),
      this.d.signals.on(CHANNELS.strokes, (payload) => this.strokeLog.wake(positionOf(payload))),
      this.d.changes.subscribe((change) => this.enqueue(() => this.onLocationChange(change))),
      this.d.signals.on(CHANNELS.cells, () => void this.followCells()),
    );
    if (options.tick !== false) {
      this.timer = setInterval(() => void this.tick(), TICK_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    await this.approaches.close();
  }

  /** Resolves when everything queued so far is written and sent. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Let the clock run now (the timer does this every second), and read the log (in case a wake-up was lost). */
  tick(): Promise<void> {
    this.strokeLog.wake();
    return this.enqueue(async () => {
      const nowMs = this.d.now().getTime();
      await this.step(this.advanced(nowMs), null);
      if (this.cellSteps.due(nowMs)) await this.readCells();
      if (this.d.efm?.due(nowMs)) await this.readMills(nowMs);
      const busy = this.core.busyIds().flatMap((id) => this.meta.get(id) ?? []);
      this.items.refresh(busy, nowMs);
    });
  }

  /** The live warning of the given locations (all watched ones of a group, or every group for null). */
  warnings(groupId: number | null): WarningItem[] {
    const nowMs = this.d.now().getTime();
    const out: WarningItem[] = [];
    for (const meta of this.meta.values()) {
      if (groupId === null || meta.groupId === groupId) out.push(this.itemOf(meta, nowMs));
    }
    return out.sort((a, b) => b.level - a.level || a.name.localeCompare(b.name));
  }

  /** The level shown: the higher of the rings', the prediction's and the field mills'. */
  levelOf(locationId: number): 0 | 1 | 2 | 3 {
    return shownLevel(this.core.state(locationId)?.level ?? 0, this.predicted.state(locationId)).level;
  }

  /** Watched locations per level, index 0–3. */
  levelCounts(): number[] {
    const counts = [0, 0, 0, 0];
    for (const id of this.meta.keys()) {
      const level = this.levelOf(id);
      counts[level] = (counts[level] as number) + 1;
    }
    return counts;
  }

  /** How long the engine has known of strokes in the log that it has not applied yet (0: caught up). */
  lagMs(): number {
    return this.strokeLog.lagMs();
  }

  /** An alarm was confirmed: every client of the group hears it, and the location's tile updates. */
  alarmConfirmed(alarm: AlarmDto): void {
    const inCounts = this.counted.delete(alarm.id) || Date.parse(alarm.created_at) < this.countsLoadedMs;
    if (inCounts) {
      const n = (this.unconfirmed.get(alarm.location_id) ?? 1) - 1;
      if (n > 0) this.unconfirmed.set(alarm.location_id, n);
      else this.unconfirmed.delete(alarm.location_id);
    } else {
      this.confirmedEarly.add(alarm.id);
      // Held only until the engine counts the alarm, moments later; a bound in case it never does.
      if (this.confirmedEarly.size > CONFIRMED_EARLY_MAX) {
        this.confirmedEarly.delete(this.confirmedEarly.values().next().value as number);
      }
    }
    this.emitter?.alarm(alarm.group_id, alarm);
    const meta = this.meta.get(alarm.location_id);
    if (meta) this.emitter?.warning(meta.groupId, [this.itemOf(meta, this.d.now().getTime())]);
  }

  private async processRows(rows: readonly StrokeRow[], atMs: number | null): Promise<void> {
    if (rows.length === 0) return;
    const strokes = rows.map(toEngineStroke).sort((a, b) => a.timeMs - b.timeMs);
    this.approaches.add(strokes);
    let watermark = 0;
    for (const r of rows) if ((r.received_us ?? 0) > watermark) watermark = r.received_us as number;
    const updates = this.core.process(strokes, atMs ?? this.d.now().getTime());
    await this.step(
      updates.map((u) => this.predicted.wrap(u)),
      watermark || null,
    );
  }

  /** The rings' clock and the predictions' run to `nowMs`. */
  private advanced(nowMs: number): EngineUpdate[] {
    return [...this.core.advance(nowMs).map((u) => this.predicted.wrap(u)), ...this.predicted.advance(nowMs)];
  }

  /**
   * Looks for a tracker step not evaluated yet, in turn with the engine's other work: on the tracker's signal,
   * which crosses nodes asynchronously, or when the caller knows a step was just written (tests that step
   * the tracker themselves).
   */
  followCells(): Promise<void> {
    return this.enqueue(() => this.readCells());
  }

  /** Evaluates the newest tracker step, if there is one not seen yet (signalled, or looked for each minute). */
  private async readCells(): Promise<void> {
    const nowMs = this.d.now().getTime();
    const cells = await this.cellSteps.newest(nowMs);
    if (cells) await this.step(this.predicted.evaluate(cells, nowMs), null);
  }

  /** The field mills read since the last poll, one rule step per location with mills. */
  private async readMills(nowMs: number): Promise<void> {
    const samples = await (this.d.efm as EfmSamples).poll(nowMs);
    if (samples.size > 0)
      await this.step(
        this.predicted.efmSamples(samples, (id) => this.meta.get(id), nowMs),
        null,
      );
  }

  private async onLocationChange(change: LocationChange): Promise<void> {
    const nowMs = this.d.now().getTime();
    if (change.type === 'delete' || !change.location.enabled) {
      const id = change.type === 'delete' ? change.id : change.location.id;
      const ringBefore = this.core.state(id)?.level ?? 0;
      const update = this.predicted.edited(id, ringBefore, this.core.remove(id, nowMs), null, nowMs);
      if (update) await this.step([update], null);
      this.meta.delete(id);
      this.items.forget(id);
      return;
    }
    const l = change.location;
    const meta = watchedMeta(l);
    this.meta.set(l.id, meta);
    const ringBefore = this.core.state(l.id)?.level ?? 0;
    const ring = this.core.upsert({ id: l.id, shape: l.shape, rules: meta.rules }, undefined, nowMs);
    const update = this.predicted.edited(l.id, ringBefore, ring, meta, nowMs);
    this.items.forget(l.id);
    await this.step(update ? [update] : [], null, [l.id]);
  }

  /** Persist, then push: a client never hears of a warning the database does not hold. */
  private async step(
    updates: EngineUpdate[],
    watermark: number | null,
    alsoNotify: number[] = [],
  ): Promise<void> {
    const now = this.d.now();
    if (updates.length === 0 && alsoNotify.length === 0 && this.pending.updates.length === 0) {
      // Strokes that reached no location: replaying them changes nothing, so their watermark can wait.
      this.pending.watermark = latest(this.pending.watermark, watermark);
      if (!this.pending.watermark || now.getTime() - this.watermarkWrittenMs < WATERMARK_EVERY_MS) return;
    }
    const all = [...this.pending.updates, ...updates];
    const mark = latest(this.pending.watermark, watermark);
    let written: WrittenBatch;
    try {
      written = await this.d.store.transaction(async (tx) => {
        await this.d.lease?.check(tx);
        const batch = await this.persister.write(tx, all, (id) => this.meta.get(id), mark, now);
        await this.d.outbox.enqueue(tx, batch.alarms, (id) => this.approachOf(id, now));
        return batch;
      });
      this.persister.committed(written);
      this.pending = { updates: [], watermark: null };
      if (mark) this.watermarkWrittenMs = now.getTime();
    } catch (error) {
      this.pending = { updates: all, watermark: mark };
      throw error;
    }
    updates = all;
    const alarms = written.alarms.map(alarmDto);
    if (alarms.length > 0) this.d.outbox.committed();
    for (const a of alarms) this.d.metrics?.alarms.inc({ level: String(a.level) });
    for (const a of alarms) {
      if (this.confirmedEarly.delete(a.id)) continue;
      this.counted.add(a.id);
      this.unconfirmed.set(a.location_id, (this.unconfirmed.get(a.location_id) ?? 0) + 1);
    }
    if (!this.emitter) return;
    for (const a of alarms) this.emitter.alarm(a.group_id, a);
    const byGroup = new Map<number, WarningItem[]>();
    for (const id of new Set([...updates.map((u) => u.id), ...alsoNotify])) {
      const meta = this.meta.get(id);
      if (!meta) continue;
      const list = byGroup.get(meta.groupId) ?? [];
      list.push(this.itemOf(meta, now.getTime()));
      byGroup.set(meta.groupId, list);
    }
    for (const [groupId, items] of byGroup) this.emitter.warning(groupId, items);
  }

  /** The storm's approach to a location now (worked out only for alarms someone will hear). */
  private approachOf(locationId: number, now: Date): Approach | null {
    const meta = this.meta.get(locationId);
    return meta ? this.itemOf(meta, now.getTime()).approach : null;
  }

  /** Episodes left open by locations that are gone or were disabled while the engine was down. */
  private async closeOrphanAlerts(): Promise<void> {
    const orphans = [...this.persister.openAlerts.keys()].filter(
      (id) => !this.core.has(id) || this.levelOf(id) === 0,
    );
    if (orphans.length === 0) return;
    const ids = orphans.map((id) => this.persister.openAlerts.get(id) as number);
    await this.d.store.transaction((tx) => this.d.episodes.closeAlerts(tx, ids, this.d.now()));
    for (const id of orphans) this.persister.openAlerts.delete(id);
  }

  private itemOf(meta: WatchedMeta, nowMs: number): WarningItem {
    return this.items.build(meta, this.core.state(meta.id), nowMs, {
      alertId: this.persister.openAlerts.get(meta.id) ?? null,
      unconfirmed: this.unconfirmed.get(meta.id) ?? 0,
      predicted: this.predicted.state(meta.id),
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.d.log.error({ err: error }, 'warning engine step failed');
    });
    this.queue = next;
    return next;
  }
}

/** The batch position a strokes signal carries (anything else: read the log to see). */
function positionOf(payload: string): number | undefined {
  const us = Number(payload);
  return Number.isSafeInteger(us) && us > 0 ? us : undefined;
}

function latest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
