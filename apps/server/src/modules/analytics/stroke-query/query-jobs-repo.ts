import type { CodeWithParams } from '@thunderwatch/shared/schemas/kit';
import type {
  QueryJob,
  SavedQuery,
  StrokeQueryResult,
  StrokeQuerySpec,
} from '@thunderwatch/shared/schemas/stroke-query';
import type { Database } from '../../../db/database.js';
import { claimJob, type JobClaim } from '../../../db/job-attempts.js';
import { type StrokeFilter, strokeWhere } from '../../lightning/strokes/strokes-repo.js';

interface JobRow {
  id: number;
  user_id: number;
  spec: StrokeQuerySpec;
  status: QueryJob['status'];
  progress: number;
  estimated: number;
  result: StrokeQueryResult | null;
  error: CodeWithParams | null;
  created_at: Date;
  finished_at: Date | null;
}

const JOB_COLUMNS =
  'id::float8 AS id, user_id::float8 AS user_id, spec, status, progress, estimated::float8 AS estimated, result, error, created_at, finished_at';
const CLAIM: JobClaim = {
  table: 'query_jobs',
  abandoned: 'query.abandoned',
  columns: JOB_COLUMNS,
  orderBy: 'id',
};

export const toJob = (r: JobRow): QueryJob => ({
  id: r.id,
  spec: r.spec,
  status: r.status,
  progress: r.progress,
  estimated: r.estimated,
  created_at: r.created_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
  error: r.error,
  result: r.result,
});

export type ClaimedJob = QueryJob & { userId: number };

/** Query jobs, their results and saved queries; the count that decides whether a query runs at once. SQL only. */
export class QueryJobsRepo {
  constructor(private readonly db: Database) {}

  /** Strokes of the filter (time window and box, type and current), before the area's exact test. */
  async estimate(f: StrokeFilter): Promise<number> {
    const params: unknown[] = [];
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM strokes WHERE ${strokeWhere(f, params)}`,
      params,
    );
    return r.rows[0]?.n ?? 0;
  }

  async create(
    job: { userId: number; spec: StrokeQuerySpec; estimated: number; result?: StrokeQueryResult },
    now: Date,
  ): Promise<QueryJob> {
    const done = job.result !== undefined;
    const r = await this.db.query<JobRow>(
      `INSERT INTO query_jobs (user_id, spec, status, progress, estimated, result, created_at, finished_at)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6::jsonb, $7, $8) RETURNING ${JOB_COLUMNS}`,
      [
        job.userId,
        JSON.stringify(job.spec),
        done ? 'done' : 'queued',
        done ? 1 : 0,
        job.estimated,
        done ? JSON.stringify(job.result) : null,
        now,
        done ? now : null,
      ],
    );
    return toJob(r.rows[0] as JobRow);
  }

  async get(id: number, userId: number): Promise<QueryJob | null> {
    const r = await this.db.query<JobRow>(
      `SELECT ${JOB_COLUMNS} FROM query_jobs WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return r.rows[0] ? toJob(r.rows[0]) : null;
  }

  /** The oldest waiting job, leased to this node until `leaseUntil` (`claimJob`: `query.abandoned`). */
  async claim(now: Date, leaseUntil: Date): Promise<ClaimedJob | null> {
    const row = await claimJob<JobRow>(this.db, CLAIM, now, leaseUntil);
    return row ? { ...toJob(row), userId: row.user_id } : null;
  }

  async progress(id: number, progress: number, leaseUntil: Date): Promise<void> {
    await this.db.query('UPDATE query_jobs SET progress = $2, lease_until = $3 WHERE id = $1', [
      id,
      Math.min(1, Math.max(0, progress)),
      leaseUntil,
    ]);
  }

  async finish(
    id: number,
    outcome: { result: StrokeQueryResult } | { error: CodeWithParams },
    now: Date,
  ): Promise<void> {
    const ok = 'result' in outcome;
    await this.db.query(
      `UPDATE query_jobs SET status = $2, progress = CASE WHEN $2 = 'done' THEN 1 ELSE progress END,
         result = $3::jsonb, error = $4::jsonb, finished_at = $5, lease_until = NULL WHERE id = $1`,
      [
        id,
        ok ? 'done' : 'failed',
        ok ? JSON.stringify(outcome.result) : null,
        ok ? null : JSON.stringify(outcome.error),
        now,
      ],
    );
  }

  /** Drops results older than `before` (housekeeping). */
  async prune(before: Date): Promise<number> {
    const r = await this.db.query('DELETE FROM query_jobs WHERE created_at < $1 AND status IN ($2, $3)', [
      before,
      'done',
      'failed',
    ]);
    return r.rowCount ?? 0;
  }

  async savedOf(userId: number): Promise<SavedQuery[]> {
    const r = await this.db.query<{ id: number; name: string; spec: StrokeQuerySpec; created_at: Date }>(
      'SELECT id::float8 AS id, name, spec, created_at FROM saved_queries WHERE user_id = $1 ORDER BY name',
      [userId],
    );
    return r.rows.map((s) => ({ ...s, created_at: s.created_at.toISOString() }));
  }

  async countSaved(userId: number): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM saved_queries WHERE user_id = $1',
      [userId],
    );
    return r.rows[0]?.n ?? 0;
  }

  /** Saves under a name, replacing the user's query of that name. */
  async save(userId: number, name: string, spec: StrokeQuerySpec, now: Date): Promise<SavedQuery> {
    const r = await this.db.query<{ id: number; name: string; spec: StrokeQuerySpec; created_at: Date }>(
      `INSERT INTO saved_queries (user_id, name, spec, created_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (user_id, name) DO UPDATE SET spec = EXCLUDED.spec, created_at = EXCLUDED.created_at
       RETURNING id::float8 AS id, name, spec, created_at`,
      [userId, name, JSON.stringify(spec), now],
    );
    const s = r.rows[0] as { id: number; name: string; spec: StrokeQuerySpec; created_at: Date };
    return { ...s, created_at: s.created_at.toISOString() };
  }

  async removeSaved(id: number, userId: number): Promise<boolean> {
    const r = await this.db.query('DELETE FROM saved_queries WHERE id = $1 AND user_id = $2', [id, userId]);
    return (r.rowCount ?? 0) > 0;
  }
}
