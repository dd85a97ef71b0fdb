import {
  parseSensorReadings,
  type SensorReadingRow,
  sensorIdsOf,
} from '@thunderwatch/domain/devices/sensor-readings';
import type { RowProblem } from '@thunderwatch/domain/weather/observation-fields';
import type { SensorIngestResult } from '@thunderwatch/shared/schemas/sensors';
import type { Database } from '../../db/database.js';
import { transactionRetryingConflicts } from '../../db/retry-conflicts.js';
import {
  compare,
  refuseUnlessSomeValid,
  rejectedOf,
  rowsRefused,
} from '../weather/stations/station-writes.js';
import type { SensorReadingsRepo } from './sensor-readings-repo.js';
import type { SensorsRepo } from './sensors-repo.js';

/** Readings one request or MQTT message carries at most (a minute of 1,000 mills at 1 Hz is 60,000). */
export const MAX_BATCH_READINGS = 100_000;

export type SensorReadingsListener = (rows: readonly SensorReadingRow[]) => void;

/**
 * Readings of registered sensors, from `POST /api/ingest/sensors` and MQTT: validated row by row (the valid
 * rows stored, every bad row named; a request with no valid row refused), stored with their minute rollups and each sensor's latest reading in one transaction, then
 * handed to the listeners (the field-mill warnings, the live `sensor` event).
 */
export class SensorIngest {
  private readonly listeners: SensorReadingsListener[] = [];

  constructor(
    private readonly d: {
      db: Database;
      sensors: SensorsRepo;
      readings: SensorReadingsRepo;
      retentionDays: number;
      now: () => Date;
      onListenerError: (error: unknown) => void;
    },
  ) {}

  onReadings(fn: SensorReadingsListener): void {
    this.listeners.push(fn);
  }

  async ingest(source: string, body: unknown): Promise<SensorIngestResult> {
    if (Array.isArray(body) && body.length > MAX_BATCH_READINGS)
      throw rowsRefused([
        { row: 0, field: '(body)', message: `holds ${body.length} readings, at most ${MAX_BATCH_READINGS}` },
      ]);
    const kinds = await this.d.sensors.kinds(sensorIdsOf(body));
    const parsed = parseSensorReadings(body, this.window(), (id) => kinds.get(id));
    refuseUnlessSomeValid(parsed.rows.length, parsed.problems);
    return { ...(await this.write(source, parsed.rows)), ...rejectedOf(parsed.problems) };
  }

  /**
   * Several messages (MQTT) at once: each is accepted or refused on its own (a bad one is returned with its
   * problems), the good ones written in one transaction.
   */
  async ingestMessages(
    source: string,
    messages: readonly unknown[],
  ): Promise<SensorIngestResult & { refused: { message: number; problems: RowProblem[] }[] }> {
    const kinds = await this.d.sensors.kinds(sensorIdsOf(messages.flat()));
    const window = this.window();
    const rows: SensorReadingRow[] = [];
    const refused: { message: number; problems: RowProblem[] }[] = [];
    messages.forEach((body, message) => {
      const parsed = parseSensorReadings(body, window, (id) => kinds.get(id));
      if (parsed.problems.length > 0) refused.push({ message, problems: parsed.problems });
      else rows.push(...parsed.rows);
    });
    return { ...(await this.write(source, rows)), refused };
  }

  private window() {
    return { nowMs: this.d.now().getTime(), retentionDays: this.d.retentionDays, aheadMs: 60_000 };
  }

  private async write(source: string, rows: readonly SensorReadingRow[]): Promise<SensorIngestResult> {
    if (rows.length === 0) return { stored: 0, sensors: 0, rejected: [], rejected_total: 0 };
    await this.d.readings.preparePartitions(rows.map((r) => r.timeMs));
    const latest = new Map<string, SensorReadingRow>();
    for (const r of rows) {
      const seen = latest.get(r.sensor);
      if (!seen || seen.timeMs < r.timeMs) latest.set(r.sensor, r);
    }
    // One lock order for every batch (sensor, then time), so two batches of the same sensors never deadlock.
    const sorted = [...rows].sort((a, b) => compare(a.sensor, b.sensor) || a.timeMs - b.timeMs);
    const newest = [...latest.values()].sort((a, b) => compare(a.sensor, b.sensor));
    const stored = await transactionRetryingConflicts(this.d.db, async (tx) => {
      const n = await this.d.readings.insert(sorted, source, tx);
      await this.d.sensors.setLatest(newest, tx);
      return n;
    });
    for (const fn of this.listeners) {
      try {
        fn(rows);
      } catch (error) {
        this.d.onListenerError(error);
      }
    }
    return { stored, sensors: latest.size, rejected: [], rejected_total: 0 };
  }
}
