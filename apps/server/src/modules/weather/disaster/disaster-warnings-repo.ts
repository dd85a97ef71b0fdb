import type { DisasterFactors, DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import type { Queryable } from '../../../db/database.js';

export interface OpenDisasterWarning {
  id: number;
  region: string;
  level: number;
  peak_level: number;
}

interface Row {
  id: number;
  region: string;
  name_zh: string | null;
  name_en: string | null;
  level: number;
  peak_level: number;
  factors: DisasterFactors;
  issued_at: Date;
  updated_at: Date;
  cleared_at: Date | null;
  geometry?: number[][][][] | null;
}

const toDto = (r: Row): DisasterWarning => ({
  id: r.id,
  region: {
    code: r.region,
    province: `${r.region.slice(0, 2)}0000`,
    name_zh: r.name_zh ?? r.region,
    name_en: r.name_en ?? r.region,
  },
  level: r.level,
  peak_level: r.peak_level,
  factors: r.factors,
  issued_at: r.issued_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  cleared_at: r.cleared_at?.toISOString() ?? null,
  ...(r.geometry ? { geometry: { type: 'MultiPolygon' as const, coordinates: r.geometry } } : {}),
});

export class DisasterWarningsRepo {
  constructor(private readonly db: Queryable) {}

  async open(tx: Queryable = this.db): Promise<OpenDisasterWarning[]> {
    const r = await tx.query<OpenDisasterWarning>(
      `SELECT id::float8 AS id, region, level, peak_level FROM disaster_warnings WHERE cleared_at IS NULL`,
    );
    return r.rows;
  }

  /** Opens a warning unless one is open for the region (another evaluation's); its id if new. */
  async issue(region: string, level: number, factors: DisasterFactors, at: Date, tx: Queryable) {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO disaster_warnings (region, level, peak_level, factors, issued_at, updated_at)
       VALUES ($1, $2, $2, $3::jsonb, $4, $4)
       ON CONFLICT (region) WHERE cleared_at IS NULL DO NOTHING
       RETURNING id::float8 AS id`,
      [region, level, JSON.stringify(factors), at],
    );
    return r.rows[0]?.id ?? null;
  }

  async update(id: number, level: number, factors: DisasterFactors, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE disaster_warnings SET level = $2, peak_level = GREATEST(peak_level, $2), factors = $3::jsonb,
         updated_at = $4
       WHERE id = $1 AND cleared_at IS NULL`,
      [id, level, JSON.stringify(factors), at],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE disaster_warnings SET cleared_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL`,
      [ids, at],
    );
  }

  async markEvaluated(at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `INSERT INTO disaster_evaluations (id, evaluated_at) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET evaluated_at = EXCLUDED.evaluated_at`,
      [at],
    );
  }

  async evaluatedAt(): Promise<Date | null> {
    const r = await this.db.query<{ evaluated_at: Date }>('SELECT evaluated_at FROM disaster_evaluations');
    return r.rows[0]?.evaluated_at ?? null;
  }

  /** Newest first; `active` true: open only, false: cleared only; at least `minLevel`; in a province. */
  async list(q: {
    active: boolean | null;
    minLevel: number;
    province: string | null;
    geometry: boolean;
  }): Promise<DisasterWarning[]> {
    const r = await this.db.query<Row>(
      `SELECT w.id::float8 AS id, w.region, g.name_zh, g.name_en, w.level, w.peak_level, w.factors, w.issued_at,
         w.updated_at, w.cleared_at${q.geometry ? ', g.geometry_simplified AS geometry' : ''}
       FROM disaster_warnings w LEFT JOIN regions g ON g.level = 'city' AND g.code = w.region
       WHERE ($1::boolean IS NULL OR (w.cleared_at IS NULL) = $1) AND w.level >= $2
         AND ($3::text IS NULL OR left(w.region, 2) = $3)
       ORDER BY w.cleared_at IS NULL DESC, w.level DESC, w.issued_at DESC, w.id DESC
       LIMIT 500`,
      [q.active, q.minLevel, q.province],
    );
    return r.rows.map(toDto);
  }
}
