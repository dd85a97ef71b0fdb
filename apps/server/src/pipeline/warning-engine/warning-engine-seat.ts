import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Level } from '@thunderwatch/shared/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { Lease, Singleton } from '../../db/singleton.js';
import { CHANNELS, type ClusterSignals } from '../cluster/signals.js';
import type { StoredWarnings } from './stored-warnings.js';
import type { WarningEmitter, WarningEngineService } from './warning-engine-service.js';

export const WARNING_ENGINE = 'warning-engine';

/**
 * The warning engine as the rest of a node sees it. On the node holding the lease a term of the engine
 * runs here (a fresh engine per term, started exactly as after a restart); elsewhere the reads come from
 * the stored states. Alarm confirmations taken on any node reach the engine through a signal. (Signals
 * missed while the LISTEN session was away: the leadership ends the term, and the next starts from what is
 * stored.)
 */
export class WarningEngineSeat implements Singleton {
  readonly name = WARNING_ENGINE;
  private engine: WarningEngineService | null = null;
  private emitter: WarningEmitter | null = null;
  private transitions: Promise<void> = Promise.resolve();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly d: {
      make(lease: Lease): WarningEngineService;
      stored: StoredWarnings;
      signals: ClusterSignals;
      alarms: { findById(id: number, groupId: number | null): Promise<AlarmDto | null> };
      log: FastifyBaseLogger;
    },
  ) {
    this.unsubscribe = [
      d.signals.on(CHANNELS.alarmConfirmed, (payload) => void this.onConfirmed(Number(payload))),
    ];
  }

  attach(emitter: WarningEmitter): void {
    this.emitter = emitter;
    this.engine?.attach(emitter);
  }

  start(lease: Lease): Promise<void> {
    return this.serial(async () => {
      const engine = this.d.make(lease);
      if (this.emitter) engine.attach(this.emitter);
      try {
        await engine.start();
      } catch (error) {
        await engine.stop().catch(() => {});
        throw error;
      }
      this.engine = engine;
    });
  }

  stop(): Promise<void> {
    return this.serial(() => this.stopEngine());
  }

  /** Ends the cluster wiring (the term itself is ended by the leadership). */
  close(): void {
    for (const u of this.unsubscribe) u();
  }

  /** This node's running engine, if it holds the lease. */
  current(): WarningEngineService | null {
    return this.engine;
  }

  /** Resolves when the engine (if it runs here) has written and sent everything queued so far. */
  async idle(): Promise<void> {
    await this.transitions;
    await this.engine?.idle();
  }

  /** Lets the engine's clock run now (its timer does this every second). */
  async tick(): Promise<void> {
    await this.engine?.tick();
  }

  /** Lets the engine read a tracker step just written (the step's signal may come later). */
  async followCells(): Promise<void> {
    await this.engine?.followCells();
  }

  warnings(groupId: number | null): Promise<WarningItem[]> {
    return this.engine ? Promise.resolve(this.engine.warnings(groupId)) : this.d.stored.warnings(groupId);
  }

  async levels(ids: readonly number[]): Promise<(id: number) => Level> {
    const engine = this.engine;
    if (engine) return (id) => engine.levelOf(id);
    const stored = await this.d.stored.levels(ids);
    return (id) => stored.get(id) ?? 0;
  }

  /** Watched locations per level (null on a standby: only the engine knows the live levels). */
  levelCounts(): number[] | null {
    return this.engine?.levelCounts() ?? null;
  }

  lagMs(): number {
    return this.engine?.lagMs() ?? 0;
  }

  /** Tells the engine, wherever it runs, that an alarm was confirmed (after the confirmation committed). */
  async alarmConfirmed(alarm: AlarmDto): Promise<void> {
    try {
      await this.d.signals.notify(CHANNELS.alarmConfirmed, String(alarm.id));
    } catch (error) {
      // The confirmation is stored; the engine reads the counts again at its next start.
      this.d.log.error({ err: error, alarm: alarm.id }, 'could not signal an alarm confirmation');
    }
  }

  private async onConfirmed(id: number): Promise<void> {
    if (!Number.isSafeInteger(id) || !this.engine) return;
    try {
      const alarm = await this.d.alarms.findById(id, null);
      if (alarm) this.engine?.alarmConfirmed(alarm);
    } catch (error) {
      this.d.log.error({ err: error, alarm: id }, 'could not read a confirmed alarm');
    }
  }

  private async stopEngine(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    await engine?.stop();
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.transitions.then(work);
    this.transitions = next.catch(() => {});
    return next;
  }
}
