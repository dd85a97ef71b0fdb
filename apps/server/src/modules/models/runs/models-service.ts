import { gunzipSync } from 'node:zlib';
import {
  type ElementModels,
  MODEL_IDS,
  type ModelDto,
  type ModelGrid,
  type ModelId,
  type ModelOutput,
  type ModelRunDto,
  type RunStatus,
} from '@thunderwatch/shared/schemas/models';
import type { ModelsConfig } from '../../../config-models.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { definitionOf, isConfigured, MODEL_DEFINITIONS, scheduleOf } from '../catalog/model-catalog.js';
import type { OutputsRepo } from './outputs-repo.js';
import type { RunsRepo } from './runs-repo.js';

export interface FrameQuery {
  element?: string;
  fromMin?: number;
}

/**
 * The model registry and its runs as users see them. Every signed-in user may read models and outputs
 * (like the lightning itself, they belong to no group); only admins start a run. Runs are carried out by
 * the leader's scheduler (modules/models/compute), which `wake` nudges when a run is queued on this node.
 */
export class ModelsService {
  constructor(
    private readonly d: {
      runs: RunsRepo;
      outputs: OutputsRepo;
      config: ModelsConfig;
      wake: () => void;
    },
  ) {}

  async list(user: AuthUser): Promise<{ items: ModelDto[] }> {
    requirePermission(user, 'location.read');
    const { active, last } = await this.d.runs.latestByModel();
    return {
      items: MODEL_DEFINITIONS.map((m) => ({
        ...m,
        schedule: { every_min: scheduleOf(m.id, this.d.config) },
        status: isConfigured(m.id, this.d.config) ? 'ready' : 'not_configured',
        active_run: active.get(m.id) ?? null,
        last_run: last.get(m.id) ?? null,
      })),
    };
  }

  elements(user: AuthUser, model?: ModelId): ElementModels {
    requirePermission(user, 'location.read');
    return {
      items: MODEL_DEFINITIONS.filter((m) => !model || m.id === model).map((m) => ({
        model_id: m.id,
        name: m.name,
        elements: m.elements,
      })),
    };
  }

  runs(user: AuthUser, q: { model?: ModelId; status?: RunStatus }, limit: number, offset: number) {
    requirePermission(user, 'location.read');
    return this.d.runs.list(q, limit, offset);
  }

  async run(user: AuthUser, id: number): Promise<ModelRunDto> {
    requirePermission(user, 'location.read');
    const run = await this.d.runs.get(id);
    if (!run) throw new AppError('model.run_not_found', 404, `No model run ${id}`);
    return run;
  }

  async start(user: AuthUser, model: ModelId): Promise<ModelRunDto> {
    requirePermission(user, 'model.run');
    if (!isConfigured(model, this.d.config)) {
      throw new AppError(
        'model.not_configured',
        409,
        `${definitionOf(model).name.en} is not configured: its service URL is not set on the server`,
      );
    }
    const active = await this.d.runs.active(model);
    if (active)
      throw new AppError('model.busy', 409, `Run ${active.id} of ${model} is already ${active.status}`);
    const run = await this.d.runs.insert(model, 'manual', user.id);
    this.d.wake();
    return run;
  }

  async output(user: AuthUser, runId: number, q: FrameQuery): Promise<ModelOutput> {
    requirePermission(user, 'location.read');
    const run = await this.run(user, runId);
    return this.outputOf(run, q);
  }

  async latestOutput(user: AuthUser, model: string, q: FrameQuery): Promise<ModelOutput> {
    requirePermission(user, 'location.read');
    if (!(MODEL_IDS as readonly string[]).includes(model)) {
      throw new AppError('model.not_found', 404, `No model "${model}"; see /api/models/`);
    }
    const run = await this.d.runs.latestDone(model as ModelId);
    if (!run) throw new AppError('model.no_output', 404, `${model} has no finished run with an output yet`);
    return this.outputOf(run, q);
  }

  async grid(user: AuthUser, runId: number, element: string, fromMin: number): Promise<ModelGrid> {
    requirePermission(user, 'location.read');
    const run = await this.run(user, runId);
    const frame = await this.d.outputs.frame(run.id, element, fromMin);
    if (!frame)
      throw new AppError('model.no_output', 404, `Run ${runId} has no ${element} frame from ${fromMin} min`);
    const unit = definitionOf(run.model_id).elements.find((e) => e.id === element)?.unit ?? '';
    return {
      run_id: run.id,
      grid: frame.grid,
      element,
      from_min: fromMin,
      to_min: frame.toMin,
      unit,
      values: decodeFrame(frame.data),
    };
  }

  private async outputOf(run: ModelRunDto, q: FrameQuery): Promise<ModelOutput> {
    const stored = run.has_output ? await this.d.outputs.get(run.id) : null;
    if (!stored) throw new AppError('model.no_output', 404, `Run ${run.id} has no output (${run.status})`);
    const keep = (p: { element: string; from_min: number }) =>
      (q.element === undefined || p.element === q.element) &&
      (q.fromMin === undefined || p.from_min === q.fromMin);
    return {
      type: 'FeatureCollection',
      run,
      grid: stored.grid,
      frames: stored.frames.filter(keep),
      facts: stored.facts,
      features: stored.features.filter((f) => keep(f.properties)),
    };
  }
}

/** Gzipped little-endian float32 → numbers (two decimals), null where NaN. */
export function decodeFrame(data: Uint8Array): (number | null)[] {
  const bytes = gunzipSync(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: (number | null)[] = new Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) {
    const v = view.getFloat32(i * 4, true);
    out[i] = Number.isNaN(v) ? null : Math.round(v * 100) / 100;
  }
  return out;
}
