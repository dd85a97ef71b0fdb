import type { NowcastCellInput } from '@thunderwatch/domain/cells/cell-footprint';
import type { Bbox } from '@thunderwatch/domain/models/model-grid';
import type { ForecastRequest, ModelId, ModelRunDto } from '@thunderwatch/shared/schemas/models';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelsConfig } from '../../../config-models.js';
import type { Database } from '../../../db/database.js';
import type { Lease } from '../../../db/singleton.js';
import type { StrokesRepo } from '../../lightning/strokes/strokes-repo.js';
import { definitionOf, EXTERNAL_STEPS_H } from '../catalog/model-catalog.js';
import type { OutputsRepo } from '../runs/outputs-repo.js';
import type { RunsRepo } from '../runs/runs-repo.js';
import { CELL_STEP_MAX_AGE_MS, type CellSource } from './cell-source.js';
import { requestForecast } from './forecast-client.js';
import type { JobResult, ModelJob } from './model-jobs.js';
import type { ModelRunner } from './model-runner.js';
import { failureOf, RunFailure } from './run-failure.js';
import { readCgStrokes, readFlashes } from './stroke-reader.js';

/** Progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 1000;
/** The most strokes a fire-risk run reads (the newest are kept; the facts say when the cap cut the window). */
export const MAX_FIRE_STROKES = 2_000_000;
const FORECAST_RECENT_MS = 60 * 60_000;

export interface ExecutorDeps {
  db: Database;
  runs: RunsRepo;
  outputs: OutputsRepo;
  strokes: StrokesRepo;
  cells: CellSource;
  runner: ModelRunner;
  config: ModelsConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Carries out one claimed run: gathers its inputs (cells, strokes, an external answer), has the runner
 * compute it, and stores the output, or marks the run failed with the reason. Final writes check the lease,
 * and are skipped when `current()` says this node's term ended meanwhile (the next leader fails the run).
 */
export class ModelExecutor {
  constructor(private readonly d: ExecutorDeps) {}

  async execute(run: ModelRunDto, lease: Lease, current: () => boolean): Promise<void> {
    const progress = this.progressWriter(run.id);
    try {
      const result = await this.compute(run.model_id, progress);
      if (result.kind !== 'output') throw new Error('the model worker answered with no output');
      if (!current()) return;
      await this.d.db.transaction(async (tx) => {
        await lease.check(tx);
        await this.d.outputs.insert(tx, run.id, result.output, result.frames);
        await this.d.runs.markDone(
          tx,
          run.id,
          new Date(result.validAtMs ?? result.startedAtMs),
          this.d.now(),
        );
      });
    } catch (error) {
      const reason = failureOf(error);
      this.d.log.warn({ err: error, run: run.id, model: run.model_id }, 'model run failed');
      if (!current()) return;
      await this.d.db
        .transaction(async (tx) => {
          await lease.check(tx);
          await this.d.runs.markFailed(tx, run.id, reason, this.d.now());
        })
        .catch((e: unknown) =>
          this.d.log.error({ err: e, run: run.id }, 'could not mark the model run failed'),
        );
    }
  }

  private async compute(
    model: ModelId,
    progress: (fraction: number) => void,
  ): Promise<JobResult & { startedAtMs: number }> {
    const now = this.d.now();
    const nowMs = now.getTime();
    const [west, south, east, north] = this.d.config.region;
    const area: Bbox = { west, south, east, north };
    const job = async (j: ModelJob, from: number) =>
      ({
        ...(await this.d.runner.run(j, (p) => progress(from + (1 - from) * p))),
        startedAtMs: nowMs,
      }) as JobResult & {
        startedAtMs: number;
      };
    switch (model) {
      case 'lightning_nowcast': {
        const step = await this.cellStep();
        progress(0.2);
        const r = await job({ kind: 'lightning_nowcast', cells: step.cells, area }, 0.2);
        return { ...r, startedAtMs: step.time.getTime() };
      }
      case 'lightning_forecast': {
        const step = await this.cellStep();
        progress(0.2);
        const recent = await readFlashes(
          this.d.strokes,
          new Date(nowMs - FORECAST_RECENT_MS),
          now,
          MAX_FIRE_STROKES,
        );
        progress(0.3);
        const r = await job(
          { kind: 'lightning_forecast', cells: step.cells, flashes: recent.packed, nowMs, area },
          0.3,
        );
        return { ...r, startedAtMs: step.time.getTime() };
      }
      case 'fire_risk': {
        const windowH = this.d.config.fireRiskWindowH;
        const read = await readCgStrokes(
          this.d.strokes,
          new Date(nowMs - windowH * 3_600_000),
          now,
          MAX_FIRE_STROKES,
          (f) => progress(0.5 * f),
        );
        const r = await job({ kind: 'fire_risk', strokes: read.packed, nowMs, windowH, area }, 0.5);
        if (r.kind === 'output') {
          r.output.facts.cg_strokes = read.count;
          r.output.facts.strokes_capped = read.capped;
          if (read.capped) r.output.facts.read_from = read.from.toISOString();
        }
        return r;
      }
      case 'weather_forecast':
      case 'geo_weather_forecast': {
        const service =
          model === 'weather_forecast' ? this.d.config.weatherForecast : this.d.config.geoWeatherForecast;
        if (!service) throw new RunFailure(`${model} is not configured`, 'not_configured', { model });
        const request: ForecastRequest = {
          model,
          bbox: this.d.config.region,
          elements: definitionOf(model).elements.map((e) => e.id),
          steps_h: EXTERNAL_STEPS_H,
        };
        progress(0.1);
        const text = await requestForecast(service, request, this.d.config.timeoutMs);
        progress(0.5);
        return job({ kind: 'external', model, text, request, nowMs }, 0.5);
      }
    }
  }

  /** Writes progress as whole percent, at most once a second, never going back. */
  /**
   * The tracker's newest step. Without a recent one the run fails saying so: "no cells" from a tracker that
   * is not running would read as "no lightning ahead".
   */
  private async cellStep(): Promise<{ time: Date; cells: NowcastCellInput[] }> {
    const step = await this.d.cells.latest();
    if (!step) {
      const minutes = CELL_STEP_MAX_AGE_MS / 60_000;
      throw new RunFailure(
        `no storm-cell step in the last ${minutes} min: the cell tracker (a step a minute) has not started yet or has stopped`,
        'no_cell_step',
        { minutes },
      );
    }
    return step;
  }

  private progressWriter(runId: number): (fraction: number) => void {
    let shown = 0;
    let lastAt = 0;
    return (fraction) => {
      const pct = Math.min(99, Math.max(0, Math.floor(fraction * 100)));
      const at = Date.now();
      if (pct <= shown || at - lastAt < PROGRESS_EVERY_MS) return;
      shown = pct;
      lastAt = at;
      void this.d.runs.setProgress(runId, pct).catch((error: unknown) => {
        this.d.log.warn({ err: error, run: runId }, 'could not write model run progress');
      });
    };
  }
}
