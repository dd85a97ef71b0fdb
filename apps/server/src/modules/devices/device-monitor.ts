import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Lease, Singleton } from '../../db/singleton.js';
import { SerialRuns } from '../../lib/serial-runs.js';
import type { AlarmOutbox } from '../notify/delivery/alarm-outbox.js';
import { deviceEvents } from './device-events.js';
import type { DevicesRepo } from './devices-repo.js';

export const DEVICE_MONITOR = 'device-monitor';

/**
 * On the node holding the `device-monitor` lease, every `evalMs`: devices online or degraded without a
 * heartbeat for `offlineMin` minutes go offline, in one transaction that checks the lease, with their history
 * rows and the `device` deliveries to their groups' lists. Coming back is seen by the heartbeat itself.
 */
export class DeviceMonitor implements Singleton {
  readonly name = DEVICE_MONITOR;
  private lease: Lease | null = null;
  private readonly runs: SerialRuns;

  constructor(
    private readonly d: {
      db: Database;
      devices: DevicesRepo;
      outbox: Pick<AlarmOutbox, 'enqueueEvents' | 'committed'>;
      offlineMin: number;
      evalMs: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.runs = new SerialRuns({
      everyMs: d.evalMs,
      due: () => this.evaluateNow(),
      what: 'device status evaluation',
      log: d.log,
    });
  }

  async start(lease: Lease): Promise<void> {
    this.lease = lease;
    this.runs.start();
  }

  async stop(): Promise<void> {
    await this.runs.stop();
    this.lease = null;
  }

  /** One evaluation after those under way; how many devices went offline (null without the lease). */
  evaluate(): Promise<number | null> {
    return this.runs.run(() => this.evaluateNow());
  }

  private async evaluateNow(): Promise<number | null> {
    const lease = this.lease;
    if (!lease) return null;
    const now = this.d.now();
    const cutoff = new Date(now.getTime() - this.d.offlineMin * 60_000);
    const result = await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      const changes = await this.d.devices.markOffline(cutoff, now, tx);
      const deliveries = await this.d.outbox.enqueueEvents(
        tx,
        'device',
        deviceEvents(changes, this.d.offlineMin, now),
      );
      return { offline: changes.length, deliveries };
    });
    if (result.deliveries > 0) this.d.outbox.committed();
    if (result.offline > 0) this.d.log.info({ offline: result.offline }, 'devices went offline');
    return result.offline;
  }
}
