import type { StrokeFilter, StrokesRepo } from '../../modules/lightning/strokes/strokes-repo.js';
import { FIRE_FIELDS, FLASH_FIELDS } from './model-jobs.js';

/** A growing Float64Array of fixed-size records. */
class Packer {
  private data: Float64Array;
  length = 0;
  constructor(private readonly fields: number) {
    this.data = new Float64Array(fields * 1024);
  }
  push(...values: number[]): void {
    if (this.length + this.fields > this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data.set(values, this.length);
    this.length += this.fields;
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
  for await (const rows of strokes.scan({ from: start.from, to })) {
    for (const r of rows) {
      if (r.flash_id !== null) {
        const id = Number(r.flash_id);
        if (seen.has(id)) continue;
        seen.add(id);
      }
      out.push(r.time.getTime(), r.lat, r.lon);
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
  for await (const rows of strokes.scan({ from: start.from, to, type: 'CG' })) {
    for (const r of rows) {
      out.push(
        r.time.getTime(),
        r.lat,
        r.lon,
        r.peak_ka,
        r.flash_id === null ? Number.NaN : Number(r.flash_id),
      );
    }
    const last = rows.at(-1);
    if (last && span > 0) onChunk((last.time.getTime() - start.from.getTime()) / span);
  }
  return { packed: out.done(), count: out.length / FIRE_FIELDS, capped: start.capped, from: start.from };
}
