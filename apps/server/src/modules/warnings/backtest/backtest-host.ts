import {
  Backtest,
  type BacktestSite,
  type BacktestWindow,
  predictionTrackOf,
  type SiteBacktest,
} from '@thunderwatch/domain/warnings/backtest';
import type {
  PredictionTrack,
  TimedPredictedChanges,
} from '@thunderwatch/domain/warnings/backtest-predicted';
import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';

/**
 * What one replay thread runs: `backtest`, the whole replay (rings and, for sites that predict, the cell
 * tracker); `rings`, the rings with the predictions' changes given to it; `track`, the cell tracker alone,
 * answering those changes (the two run side by side: backtest-runner.ts).
 */
export type ReplayRole = 'backtest' | 'rings' | 'track';

export interface ReplayStart {
  sites: BacktestSite[];
  window: BacktestWindow;
  stepDelayMs: number;
}

/** Messages to a replay thread. */
export type ToBacktestWorker =
  | ({ type: 'start'; role: ReplayRole } & ReplayStart)
  | { type: 'feed'; seq: number; packed: Float64Array; predicted?: TimedPredictedChanges[] }
  | { type: 'finish'; seq: number; untilMs: number; predicted?: TimedPredictedChanges[] };

/** Where the replay stands after a page: the simulated clock, and whether a warning begun in the window is on. */
export interface ReplayProgress {
  nowMs: number;
  following: boolean;
}

export type FromBacktestWorker =
  | { seq: number; progress: ReplayProgress }
  | { seq: number; changes: TimedPredictedChanges[] }
  | { seq: number; results: SiteBacktest[]; trackerSteps: number | null }
  | { seq: number; error: string };

/**
 * One replay thread's state and its answer to each message (the worker thread and the inline runner of the
 * tests run the same host). A `track` host's `finish` runs the tracker to `untilMs`, the replay's end.
 */
export class ReplayHost {
  private readonly run: Backtest | null = null;
  private readonly track: PredictionTrack | null = null;

  constructor(start: ToBacktestWorker & { type: 'start' }) {
    if (start.role === 'track') {
      this.track = predictionTrackOf(start.sites, start.window, start.stepDelayMs);
      if (!this.track) throw new Error('no site of this replay predicts');
    } else {
      this.run = new Backtest(
        start.sites,
        start.window,
        start.stepDelayMs,
        start.role === 'rings' ? 'given' : 'replay',
      );
    }
  }

  handle(msg: Exclude<ToBacktestWorker, { type: 'start' }>): FromBacktestWorker {
    const { seq } = msg;
    try {
      if (this.track) {
        const changes =
          msg.type === 'feed'
            ? this.track.feed(unpackEngineStrokes(msg.packed))
            : this.track.until(msg.untilMs);
        return { seq, changes };
      }
      const run = this.run as Backtest;
      run.givePredictions(msg.predicted ?? []);
      if (msg.type === 'feed') {
        run.feed(unpackEngineStrokes(msg.packed));
        return { seq, progress: { nowMs: run.nowMs, following: run.following } };
      }
      return { seq, results: run.finish(msg.untilMs), trackerSteps: run.trackerStats?.steps ?? null };
    } catch (error) {
      return { seq, error: (error as Error).message };
    }
  }
}

const FIELDS = 6;

/** time, lat, lon, IC (1/0), kA, flash id (NaN for none) per stroke. */
export function packEngineStrokes(strokes: readonly EngineStroke[]): Float64Array {
  const out = new Float64Array(strokes.length * FIELDS);
  strokes.forEach((s, i) => {
    out.set([s.timeMs, s.lat, s.lon, s.isIc ? 1 : 0, s.peakKa, s.flashId ?? Number.NaN], i * FIELDS);
  });
  return out;
}

export function unpackEngineStrokes(packed: Float64Array): EngineStroke[] {
  const out: EngineStroke[] = [];
  for (let i = 0; i < packed.length; i += FIELDS) {
    const flash = packed[i + 5] as number;
    out.push({
      timeMs: packed[i] as number,
      lat: packed[i + 1] as number,
      lon: packed[i + 2] as number,
      isIc: packed[i + 3] === 1,
      peakKa: packed[i + 4] as number,
      flashId: Number.isNaN(flash) ? null : flash,
    });
  }
  return out;
}
