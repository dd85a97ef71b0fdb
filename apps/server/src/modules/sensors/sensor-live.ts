import type { SensorReadingRow } from '@thunderwatch/domain/devices/sensor-readings';
import type { SensorKind, SensorLatestDto } from '@thunderwatch/shared/schemas/sensors';
import type { SensorsRepo } from './sensors-repo.js';
import { valuesOf } from './sensors-service.js';

/** How often the latest readings go out. */
export const SENSOR_LIVE_MS = 1000;

/**
 * The live `sensor` event: the ingest's readings gathered per sensor (only the latest of each is kept, so a
 * burst costs memory per sensor, not per reading) and sent to each sensor's group once a second.
 */
export class SensorLive {
  private readonly latest = new Map<string, SensorReadingRow>();
  private readonly owners = new Map<string, { groupId: number; kind: SensorKind }>();
  private emit: ((groupId: number, items: SensorLatestDto[]) => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: { sensors: SensorsRepo; onError: (error: unknown) => void; everyMs?: number },
  ) {}

  /** Readings as the ingest hands them over. */
  add(rows: readonly SensorReadingRow[]): void {
    if (!this.emit) return;
    for (const r of rows) {
      const seen = this.latest.get(r.sensor);
      if (!seen || seen.timeMs < r.timeMs) this.latest.set(r.sensor, r);
    }
  }

  attach(emit: (groupId: number, items: SensorLatestDto[]) => void): void {
    this.emit = emit;
    this.timer = setInterval(() => {
      this.flushing = this.flushing.then(() => this.flush()).catch(this.d.onError);
    }, this.d.everyMs ?? SENSOR_LIVE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
  }

  /** Sends what was heard since the last flush; owners unknown so far are read once (then remembered). */
  async flush(): Promise<void> {
    if (this.latest.size === 0 || !this.emit) return;
    const rows = [...this.latest.values()];
    this.latest.clear();
    const unknown = rows.map((r) => r.sensor).filter((id) => !this.owners.has(id));
    for (const s of await this.d.sensors.byIds(unknown, null))
      this.owners.set(s.id, { groupId: Number(s.group_id), kind: s.kind });
    const byGroup = new Map<number, SensorLatestDto[]>();
    for (const r of rows) {
      const owner = this.owners.get(r.sensor);
      if (!owner) continue;
      const list = byGroup.get(owner.groupId) ?? [];
      list.push({
        id: r.sensor,
        kind: owner.kind,
        time: new Date(r.timeMs).toISOString(),
        values: valuesOf(r.values),
      });
      byGroup.set(owner.groupId, list);
    }
    for (const [groupId, items] of byGroup) this.emit(groupId, items);
  }

  /** A sensor moved to another group or was deleted: its owner is read again. */
  forget(id: string): void {
    this.owners.delete(id);
  }
}
