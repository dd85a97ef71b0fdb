import {
  KA_BUCKETS,
  MULT_BUCKETS,
  type RolledUp,
  type RollupCounts,
} from '@thunderwatch/domain/lightning/stroke-rollup';
import type { Queryable } from '../../../db/database.js';

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
/** The integer columns that add up, in the order `countValues` gives them. */
export const SUM_COLUMNS = [
  'strokes',
  'cg',
  'ic',
  'cg_pos',
  'cg_neg',
  'ic_pos',
  'ic_neg',
  'flashes',
  'cg_flashes',
  ...range('k', KA_BUCKETS.length),
  ...Array.from({ length: MULT_BUCKETS }, (_, i) => `m${i + 1}`),
] as const;

function countValues(c: RollupCounts): number[] {
  return [
    c.strokes,
    c.cg,
    c.ic,
    c.cgPos,
    c.cgNeg,
    c.icPos,
    c.icNeg,
    c.flashes,
    c.cgFlashes,
    ...c.ka,
    ...c.mult,
  ];
}

/** A row of summed counts as read back (every column a number). */
export type CountRow = Record<(typeof SUM_COLUMNS)[number], number> & {
  sum_abs_ka: number;
  max_abs_ka: number;
  first_time: Date | null;
  last_time: Date | null;
};

export function countsOfRow(r: CountRow): RollupCounts {
  const n = (k: string) => Number((r as Record<string, unknown>)[k] ?? 0);
  return {
    strokes: n('strokes'),
    cg: n('cg'),
    ic: n('ic'),
    cgPos: n('cg_pos'),
    cgNeg: n('cg_neg'),
    icPos: n('ic_pos'),
    icNeg: n('ic_neg'),
    flashes: n('flashes'),
    cgFlashes: n('cg_flashes'),
    sumAbsKa: n('sum_abs_ka'),
    maxAbsKa: n('max_abs_ka'),
    ka: range('k', KA_BUCKETS.length).map(n),
    mult: Array.from({ length: MULT_BUCKETS }, (_, i) => n(`m${i + 1}`)),
    firstMs: r.first_time ? new Date(r.first_time).getTime() : Number.POSITIVE_INFINITY,
    lastMs: r.last_time ? new Date(r.last_time).getTime() : Number.NEGATIVE_INFINITY,
  };
}

/** `sum(strokes)::float8 AS strokes, …` for reading summed rows. */
export const SUM_SELECT = [
  ...SUM_COLUMNS.map((c) => `sum(${c})::float8 AS ${c}`),
  'sum(sum_abs_ka)::float8 AS sum_abs_ka',
  'max(max_abs_ka)::float8 AS max_abs_ka',
  'min(first_time) AS first_time',
  'max(last_time) AS last_time',
].join(', ');

const TAIL = ['sum_abs_ka', 'max_abs_ka', 'first_time', 'last_time'];

/** The hourly rollup tables: written by the ingest (deltas) and the rebuild (whole UTC days). SQL only. */
export class RollupsRepo {
  /** Adds a batch's counts to the stored rows (creating them), in the caller's transaction. */
  async add(tx: Queryable, r: RolledUp): Promise<void> {
    if (r.regions.size > 0) await this.upsert(tx, 'region', r.regions);
    if (r.cells.size > 0) await this.upsert(tx, 'cell', r.cells);
  }

  private async upsert(tx: Queryable, kind: 'region' | 'cell', rows: Map<string, RollupCounts>) {
    const keys = kind === 'region' ? ['code', 'hour'] : ['cy', 'cx', 'hour'];
    const keyTypes = kind === 'region' ? ['text', 'timestamptz'] : ['smallint', 'smallint', 'timestamptz'];
    const keyCols: string[][] = keys.map(() => []);
    const sums: number[][] = SUM_COLUMNS.map(() => []);
    const tail: unknown[][] = TAIL.map(() => []);
    for (const [key, c] of rows) {
      const [hour, a, b] = key.split('|') as [string, string, string?];
      const k = kind === 'region' ? [a, hour] : [a, b as string, hour];
      for (const [i, v] of k.entries()) keyCols[i]?.push(v as never);
      for (const [i, v] of countValues(c).entries()) sums[i]?.push(v);
      tail[0]?.push(c.sumAbsKa);
      tail[1]?.push(c.maxAbsKa);
      tail[2]?.push(new Date(c.firstMs).toISOString());
      tail[3]?.push(new Date(c.lastMs).toISOString());
    }
    const cols = [...keys, ...SUM_COLUMNS, ...TAIL];
    const types = [
      ...keyTypes,
      ...SUM_COLUMNS.map(() => 'int'),
      'float8',
      'real',
      'timestamptz',
      'timestamptz',
    ];
    const params = [...keyCols, ...sums, ...tail].map((a) => `{${a.join(',')}}`);
    const table = `stroke_rollup_${kind}`;
    const set = [
      ...SUM_COLUMNS.map((c) => `${c} = t.${c} + EXCLUDED.${c}`),
      'sum_abs_ka = t.sum_abs_ka + EXCLUDED.sum_abs_ka',
      'max_abs_ka = GREATEST(t.max_abs_ka, EXCLUDED.max_abs_ka)',
      'first_time = LEAST(t.first_time, EXCLUDED.first_time)',
      'last_time = GREATEST(t.last_time, EXCLUDED.last_time)',
    ];
    await tx.query(
      `INSERT INTO ${table} AS t (${cols.join(', ')})
       SELECT * FROM unnest(${types.map((ty, i) => `$${i + 1}::${ty}[]`).join(', ')})
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${set.join(', ')}`,
      params,
    );
  }

  /** Deletes the rollups of the hours in [from, to) (the rebuild then writes them anew). */
  async deleteHours(tx: Queryable, from: Date, to: Date): Promise<void> {
    for (const table of ['stroke_rollup_region', 'stroke_rollup_cell'])
      await tx.query(`DELETE FROM ${table} WHERE hour >= $1 AND hour < $2`, [from, to]);
  }
}

/** A raw stroke as the rebuild reads it. */
export interface RawRollupStroke {
  time_ms: number;
  lat: number;
  lon: number;
  peak_ka: number;
  is_ic: boolean;
  multiplicity: number | null;
  flash_id: number | null;
}

/** The raw strokes the rebuild reads. SQL only. */
export class RollupSourceRepo {
  constructor(private readonly db: Queryable) {}

  /** Strokes of [fromMs, toMs) in time order (an hour at a time: bounded memory on the database side). */
  async strokesBetween(fromMs: number, toMs: number): Promise<RawRollupStroke[]> {
    const r = await this.db.query<RawRollupStroke>(
      `SELECT (extract(epoch FROM time) * 1000)::float8 AS time_ms, lat, lon, peak_ka, is_ic, multiplicity,
              flash_id::float8 AS flash_id
       FROM strokes WHERE time >= $1 AND time < $2 ORDER BY time, ns, id`,
      [new Date(fromMs), new Date(toMs)],
    );
    return r.rows.map((x) => ({ ...x, time_ms: Math.floor(Number(x.time_ms)) }));
  }

  /**
   * The UTC days of the daily rollups migration 040 set aside (`stroke_rollup_cell_utc_day`, which holds every
   * day a region row has too) whose raw strokes are still stored: what `rollups-rebuild --upgrade` recomputes.
   */
  async legacyDaysWithStrokes(): Promise<string[]> {
    const r = await this.db.query<{ day: string }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day
       FROM (SELECT DISTINCT day FROM stroke_rollup_cell_utc_day) d
       WHERE EXISTS (SELECT 1 FROM strokes s
                     WHERE s.time >= d.day::timestamp AT TIME ZONE 'UTC'
                       AND s.time < (d.day + 1)::timestamp AT TIME ZONE 'UTC')
       ORDER BY 1`,
    );
    return r.rows.map((x) => x.day);
  }

  async flashIdsBetween(fromMs: number, toMs: number): Promise<number[]> {
    const r = await this.db.query<{ id: number }>(
      `SELECT DISTINCT flash_id::float8 AS id FROM strokes
       WHERE time >= $1 AND time < $2 AND flash_id IS NOT NULL`,
      [new Date(fromMs), new Date(toMs)],
    );
    return r.rows.map((x) => Number(x.id));
  }
}
