import type { EngineStroke } from '@thunderwatch/domain/warnings/warning-engine';
import type { Queryable } from '../../../db/database.js';
import { type StrokeFilter, strokeWhere } from './strokes-repo.js';

export interface EngineStrokePage {
  strokes: EngineStroke[];
  /** Where the next page starts (the last stroke's `(time, id)`); null when the page is empty. */
  last: { time: string; id: number } | null;
}

/**
 * Stored strokes as the warning rules see them, for replays that read hundreds of thousands: each page
 * comes back as one text value (`id,µs,ns,lat,lon,kA,ic,flash` per stroke) instead of one row per stroke.
 * Rows cost the embedded database about 15 µs each to hand over, the text about 2; float8 text is exact
 * (shortest round-trip digits), so the strokes equal those the live engine reads.
 */
export class EngineStrokesRepo {
  constructor(private readonly db: Queryable) {}

  /** Up to `limit` strokes of the filter in (time, id) order after `after`. */
  async page(
    f: StrokeFilter,
    limit: number,
    after?: { time: string; id: number },
  ): Promise<EngineStrokePage> {
    const params: unknown[] = [];
    let where = strokeWhere(f, params);
    if (after) {
      params.push(after.time, after.id);
      const [t, id] = [params.length - 1, params.length];
      where += ` AND time >= $${t}::timestamptz AND (time, id) > ($${t}::timestamptz, $${id})`;
    }
    params.push(limit);
    const r = await this.db.query<{ s: string | null }>(
      `SELECT string_agg(concat_ws(',', id, (extract(epoch FROM time) * 1000000)::bigint, ns, lat, lon,
                peak_ka, is_ic::int, coalesce(flash_id, -1)), ';' ORDER BY time, id) AS s
       FROM (SELECT id, time, ns, lat, lon, peak_ka, is_ic, flash_id FROM strokes WHERE ${where}
             ORDER BY time, id LIMIT $${params.length}) page`,
      params,
    );
    return parsePage(r.rows[0]?.s ?? null);
  }
}

/** The text of a page back into strokes; the sub-millisecond part of each time kept as a fraction. */
export function parsePage(text: string | null): EngineStrokePage {
  if (!text) return { strokes: [], last: null };
  const strokes: EngineStroke[] = [];
  let lastId = 0;
  let lastUs = 0;
  for (const record of text.split(';')) {
    const f = record.split(',');
    const us = Number(f[1]);
    const ns = Number(f[2]);
    const ms = Math.floor(us / 1000);
    const flash = Number(f[7]);
    strokes.push({
      timeMs: ms + (ns % 1_000_000) / 1e6,
      lat: Number(f[3]),
      lon: Number(f[4]),
      peakKa: Number(f[5]),
      isIc: f[6] === '1',
      flashId: flash < 0 ? null : flash,
    });
    lastId = Number(f[0]);
    lastUs = us;
  }
  return { strokes, last: { time: isoMicros(lastUs), id: lastId } };
}

/** An instant in whole microseconds since the epoch as ISO text to the microsecond, as PostgreSQL reads it. */
export function isoMicros(us: number): string {
  const seconds = Math.floor(us / 1e6);
  const fraction = String(us - seconds * 1e6).padStart(6, '0');
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
}
