import type { LineOutcome, ParsedStroke, ParseOptions } from '@thunderwatch/domain/lightning/stroke';
import type { IngestResult, RejectedLine } from '@thunderwatch/shared/schemas/lightning';
import { AppError } from '../../lib/app-error.js';
import type { Metrics } from '../../lib/metrics.js';
import { nextTurn, sortInSlices } from '../../lib/sort-in-slices.js';
import type { StrokeRollups } from '../../modules/analytics/statistics/stroke-rollups.js';
import type { StrokeRow } from '../../modules/lightning/strokes/stroke-row.js';
import type { StrokesRepo } from '../../modules/lightning/strokes/strokes-repo.js';
import type { StrokeBus } from '../stroke-bus.js';
import type { FlashAssigner } from './flash-ids.js';

export const MAX_REJECTED_LISTED = 1000;
/**
 * Strokes grouped, stored and published at once: a 10 MB body (about 100,000 strokes) is written in time
 * order in batches of this many, each in its own transaction, with a turn of the event loop between them,
 * so the grouping, the rollups' region look-ups and the rows of one batch hold the main thread for tens of
 * milliseconds, not seconds (at 2,000 a batch took 100–165 ms on an idle 2-core machine).
 * (The flash grouper keeps its open flashes across batches, as for a stream.)
 */
export const WRITE_BATCH = 500;

export interface IngestLimits {
  /** Strokes older than this many days are refused by the parsers (0: keep everything, for archive imports). */
  retentionDays: number;
  /** Strokes older than this are stored but neither pushed live nor used for warnings. */
  lateAfterMs: number;
  /** Strokes being written at once across all feeds; beyond it the ingest answers 503. */
  maxInFlight: number;
}

/**
 * The one way strokes enter: group into flashes, write (duplicates skipped), acknowledge only after the
 * write committed, then hand the live ones to the bus. Strokes arrive validated: every feed parses with
 * `window()`, so its parser has already refused what may not be stored (values, future, retention).
 */
export class IngestService {
  private inFlight = 0;

  constructor(
    private readonly d: {
      strokes: StrokesRepo;
      flashes: FlashAssigner;
      bus: StrokeBus;
      limits: IngestLimits;
      now: () => Date;
      metrics?: Pick<Metrics, 'strokesIngested' | 'ingestBatchSeconds'>;
      /** The statistics' daily rollups, added to in each batch's transaction. */
      rollups?: StrokeRollups;
    },
  ) {}

  /** What the parsers check records against now: the clock and the retention period. */
  window(): Required<Pick<ParseOptions, 'nowMs' | 'retentionDays'>> {
    return { nowMs: this.d.now().getTime(), retentionDays: this.d.limits.retentionDays };
  }

  async ingest(
    source: string,
    outcomes: readonly LineOutcome[],
    corrected: RejectedLine[] = [],
  ): Promise<IngestResult> {
    if (this.inFlight + outcomes.length > this.d.limits.maxInFlight && this.inFlight > 0) {
      throw new AppError('ingest.overloaded', 503, 'Ingest is busy; retry shortly', undefined, 1);
    }
    this.inFlight += outcomes.length;
    const stop = this.d.metrics?.ingestBatchSeconds.startTimer();
    try {
      const result = await this.write(source, outcomes, corrected);
      this.d.metrics?.strokesIngested.inc({ source }, result.accepted);
      return result;
    } finally {
      stop?.();
      this.inFlight -= outcomes.length;
    }
  }

  private async write(
    source: string,
    outcomes: readonly LineOutcome[],
    corrected: RejectedLine[],
  ): Promise<IngestResult> {
    const now = this.d.now().getTime();
    const rejected: RejectedLine[] = [];
    const valid: ParsedStroke[] = [];
    for (const o of outcomes) {
      if ('error' in o) rejected.push({ line: o.line, reason: o.error });
      else valid.push(o.stroke);
    }
    const sorted = await sortInSlices(valid, (a, b) => a.epochMs - b.epochMs || a.ns - b.ns, WRITE_BATCH);
    let accepted = 0;
    for (let from = 0; from < sorted.length; from += WRITE_BATCH) {
      if (from > 0) await nextTurn();
      accepted += await this.writeBatch(source, sorted.slice(from, from + WRITE_BATCH), now);
    }
    return {
      accepted,
      duplicates: valid.length - accepted,
      rejected: rejected.slice(0, MAX_REJECTED_LISTED),
      rejected_total: rejected.length,
      ...(corrected.length > 0 ? { corrected } : {}),
    };
  }

  /** One batch of valid strokes (sorted by time): flash ids, the rows and rollups, then the live ones out. */
  private async writeBatch(source: string, valid: ParsedStroke[], now: number): Promise<number> {
    const { ids: flashIds, opened } = await this.d.flashes.assignOpened(source, valid);
    const within =
      this.d.rollups && valid.length > 0 ? await this.d.rollups.prepare(valid, flashIds, opened) : undefined;
    const stored = await this.d.strokes.insert(source, valid, flashIds, new Date(now), within);
    const lateBefore = now - this.d.limits.lateAfterMs;
    this.d.bus.publish(stored.filter((r: StrokeRow) => r.time.getTime() >= lateBefore));
    return stored.length;
  }
}
