import { gzipSync } from 'node:zlib';
import type { NowcastCellInput } from '@thunderwatch/domain/cells/cell-footprint';
import type { ApproachFlash } from '@thunderwatch/domain/cells/storm-cells';
import { gridContours } from '@thunderwatch/domain/geo/grid-contours';
import { fireRisk } from '@thunderwatch/domain/models/fire-risk';
import { lightningForecast } from '@thunderwatch/domain/models/lightning-forecast';
import { lightningNowcast } from '@thunderwatch/domain/models/lightning-nowcast';
import type { Bbox, GridModelResult, Progress } from '@thunderwatch/domain/models/model-grid';
import type { ForecastRequest, ModelId } from '@thunderwatch/shared/schemas/models';
import { definitionOf } from '../catalog/model-catalog.js';
import type { StoredFrame, StoredOutput } from '../runs/outputs-repo.js';
import { parseForecast } from './forecast-response.js';

/**
 * The CPU-heavy part of a model run, as plain data in and out so that it can run on the model worker:
 * computing a grid, drawing its contours and packing its frames. Strokes travel as
 * one Float64Array (transferred, not copied): `lightning_forecast` takes (time, lat, lon) per
 * flash, `fire_risk` takes (time, lat, lon, peak kA, flash id or NaN) per CG stroke.
 */
export type ModelJob =
  | { kind: 'lightning_nowcast'; cells: NowcastCellInput[]; area: Bbox }
  | {
      kind: 'lightning_forecast';
      cells: NowcastCellInput[];
      flashes: Float64Array;
      nowMs: number;
      area: Bbox;
    }
  | { kind: 'fire_risk'; strokes: Float64Array; nowMs: number; windowH: number; area: Bbox }
  | { kind: 'external'; model: ModelId; text: string; request: ForecastRequest; nowMs: number };

export type JobResult = {
  kind: 'output';
  output: StoredOutput;
  frames: StoredFrame[];
  validAtMs: number | null;
};

export const FLASH_FIELDS = 3;
export const FIRE_FIELDS = 5;

export function runJob(job: ModelJob, onProgress: Progress): JobResult {
  switch (job.kind) {
    case 'lightning_nowcast': {
      const r = lightningNowcast(job.cells, { area: job.area, onProgress: (p) => onProgress(p * 0.8) });
      return packed('lightning_nowcast', r, 100, null);
    }
    case 'lightning_forecast': {
      const r = lightningForecast({
        cells: job.cells,
        flashes: unpackFlashes(job.flashes),
        nowMs: job.nowMs,
        area: job.area,
        onProgress: (p) => onProgress(p * 0.8),
      });
      return packed('lightning_forecast', r, 100, null);
    }
    case 'fire_risk': {
      const s = job.strokes;
      const n = s.length / FIRE_FIELDS;
      const col = (k: number) => Float64Array.from({ length: n }, (_, i) => s[i * FIRE_FIELDS + k] as number);
      const r = fireRisk({
        strokes: { timeMs: col(0), lat: col(1), lon: col(2), peakKa: col(3), flashId: col(4) },
        nowMs: job.nowMs,
        windowH: job.windowH,
        area: job.area,
        onProgress: (p) => onProgress(p * 0.8),
      });
      return packed('fire_risk', r, 100, null);
    }
    case 'external': {
      const units = new Map(definitionOf(job.model).elements.map((e) => [e.id, e.unit]));
      const { result, issuedAtMs } = parseForecast(job.text, job.request, units, job.nowMs);
      onProgress(0.5);
      return packed(job.model, result, 1, issuedAtMs);
    }
  }
}

function unpackFlashes(packed: Float64Array): ApproachFlash[] {
  const out: ApproachFlash[] = [];
  for (let i = 0; i < packed.length; i += FLASH_FIELDS) {
    out.push({ timeMs: packed[i] as number, lat: packed[i + 1] as number, lon: packed[i + 2] as number });
  }
  return out;
}

/**
 * A grid result as stored: values in the element's unit (`scale` 100 turns the models' 0…1 into %), the
 * contours of each frame at the element's thresholds, and each frame gzipped as little-endian float32.
 */
function packed(model: ModelId, r: GridModelResult, scale: number, validAtMs: number | null): JobResult {
  const elements = new Map(definitionOf(model).elements.map((e) => [e.id, e]));
  const output: StoredOutput = {
    grid: {
      west: r.grid.west,
      south: r.grid.south,
      cell_deg: r.grid.cellDeg,
      cols: r.grid.cols,
      rows: r.grid.rows,
    },
    frames: [],
    facts: r.facts,
    features: [],
  };
  const frames: StoredFrame[] = [];
  for (const f of r.frames) {
    const element = elements.get(f.element);
    if (!element) throw new Error(`${model} computed an element it does not declare: ${f.element}`);
    const values = scale === 1 ? f.values : f.values.map((v) => v * scale);
    let max: number | null = null;
    for (const v of values) if (!Number.isNaN(v) && (max === null || v > max)) max = v;
    const props = { element: f.element, from_min: f.fromMin, to_min: f.toMin, unit: element.unit };
    output.frames.push({ ...props, max: max === null ? null : Math.round(max * 100) / 100 });
    for (const band of gridContours(r.grid, values, element.thresholds)) {
      output.features.push({
        type: 'Feature',
        geometry: { type: 'MultiPolygon', coordinates: band.coordinates },
        properties: { ...props, value: band.value },
      });
    }
    // Float32Array holds the platform's byte order; DataView writes little-endian wherever this runs.
    const bytes = new Uint8Array(values.length * 4);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
    frames.push({
      element: f.element,
      fromMin: f.fromMin,
      toMin: f.toMin,
      data: new Uint8Array(gzipSync(bytes, { level: 6 })),
    });
  }
  return { kind: 'output', output, frames, validAtMs };
}
