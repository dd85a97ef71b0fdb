import type { StrokeFilter, StrokesRepo } from '../../lightning/strokes/strokes-repo.js';
import { FIRE_FIELDS, FLASH_FIELDS } from './model-jobs.js';

/** A growing Float64Array of fixed-size records. */
class Packer {
  private data: Float64Array;
  length = 0;
  constructor(private readonly fields: number) {
    this.data = new Float64Array(fields * 1024);
  }
  /** Room for `n` more records. */
  reserve(n: number): Float64Array {
    const need = this.length + n * this.fields;
    if (need > this.data.length) {
      const bigger = new Float64Array(Math.max(need, this.data.length * 2));
      bigger.set(this.data.subarray(0, this.length));
      this.data = bigger;
    }
    return this.data;
  }
  done(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

/** The newest `cap` strokes of `f`: where to start reading, and whether the cap cut the window. */
async function startOf(
  strokes: StrokesRepo,
  f: StrokeFilter,
  cap: number,
): Promise<{ from: Date; capped: boolean }> {
  const at = await strokes.timeOfNewest(f, cap);
  return at && at > f.from ? { from: at, capped: true } : { from: f.from, capped: false };
}

/**
 * The flashes of a window (first stroke of each flash id; a stroke without one counts alone), packed as
 * (time, lat, lon) for the model worker; at most the newest `cap` strokes are read.
 */
export async function readFlashes(
  strokes: StrokesRepo,
  from: Date,
  to: Date,
  cap: number,
): Promise<{ packed: Float64Array; capped: boolean }> {
  const start = await startOf(strokes, { from, to }, cap);
  const out = new Packer(FLASH_FIELDS);
  const seen = new Set<number>();
  for await (const rows of strokes.scanPoints({ from: start.from, to })) {
    const data = out.reserve(rows.length);
    for (const r of rows) {
      if (r.flashId !== null) {
        if (seen.has(r.flashId)) continue;
        seen.add(r.flashId);
      }
      data[out.length] = r.timeMs;
      data[out.length + 1] = r.lat;
      data[out.length + 2] = r.lon;
      out.length += FLASH_FIELDS;
    }
  }
  return { packed: out.done(), capped: start.capped };
}

/**
 * The CG strokes of a window packed as (time, lat, lon, peak kA, flash id or NaN) for the fire risk; at
 * most the newest `cap`. `onChunk` gets the share of the window read so far.
 */
export async function readCgStrokes(
  strokes: StrokesRepo,
  from: Date,
  to: Date,
  cap: number,
  onChunk: (fraction: number) => void,
): Promise<{ packed: Float64Array; count: number; capped: boolean; from: Date }> {
  const start = await startOf(strokes, { from, to, type: 'CG' }, cap);
  const out = new Packer(FIRE_FIELDS);
  const span = to.getTime() - start.from.getTime();
  for await (const rows of strokes.scanPoints({ from: start.from, to, type: 'CG' })) {
    const data = out.reserve(rows.length);
    for (const r of rows) {
      const k = out.length;
      data[k] = r.timeMs;
      data[k + 1] = r.lat;
      data[k + 2] = r.lon;
      data[k + 3] = r.peakKa;
      data[k + 4] = r.flashId ?? Number.NaN;
      out.length += FIRE_FIELDS;
    }
    const last = rows.at(-1);
    if (last && span > 0) onChunk((last.timeMs - start.from.getTime()) / span);
  }
  return { packed: out.done(), count: out.length / FIRE_FIELDS, capped: start.capped, from: start.from };
}
