import type { AdviseCode, AdviseInput, AdviseJob, AdviseResult } from '@thunderwatch/shared/schemas/advise';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import type { Database, Queryable } from '../../../db/database.js';
import { claimJob, type JobClaim } from '../../../db/job-attempts.js';

/** One site a job replays, as it was when the job was asked for. */
export interface AdviseJobSite {
  location_id: number | null;
  name: string | null;
  name_en: string | null;
  shape: LocationShape;
  rings: Ring[];
  /** The site's prediction setting (a shape: off, 40 km, the outer ring's level). */
  predict: { enabled: boolean; range_km: number; level: number | null };
}

interface JobRow {
  id: string;
  user_id: number;
  input: AdviseInput;
  sites: AdviseJobSite[];
  status: AdviseJob['status'];
  progress_done: number;
  progress_total: number;
  result: AdviseResult | null;
  error: AdviseCode | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS =
  'id, user_id::float8 AS user_id, input, sites, status, progress_done, progress_total, result, error, created_at, finished_at';
const CLAIM: JobClaim = {
  table: 'advise_jobs',
  abandoned: 'advise.abandoned',
  columns: COLUMNS,
  orderBy: 'created_at, id',
};

const toJob = (r: JobRow): AdviseJob => ({
  id: r.id,
  status: r.status,
  progress: { done: r.progress_done, total: r.progress_total },
  error: r.error,
  input: r.input,
  created_at: r.created_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
  result: r.result,
});

export type ClaimedAdviseJob = AdviseJob & { userId: number; sites: AdviseJobSite[] };

/** The rules advisor's jobs, and the audit entry of an applied set. SQL only. */
export class AdviseJobsRepo {
  constructor(private readonly db: Database) {}

  async create(
    job: { id: string; userId: number; input: AdviseInput; sites: AdviseJobSite[]; total: number },
    now: Date,
  ): Promise<AdviseJob> {
    const r = await this.db.query<JobRow>(
      `INSERT INTO advise_jobs (id, user_id, input, sites, status, progress_total, created_at)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, 'queued', $5, $6) RETURNING ${COLUMNS}`,
      [job.id, job.userId, JSON.stringify(job.input), JSON.stringify(job.sites), job.total, now],
    );
    return toJob(r.rows[0] as JobRow);
  }

  /** The job if it is the user's; null otherwise. */
  async get(id: string, userId: number): Promise<AdviseJob | null> {
    const r = await this.db.query<JobRow>(
      `SELECT ${COLUMNS} FROM advise_jobs WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return r.rows[0] ? toJob(r.rows[0]) : null;
  }

  /** The oldest waiting job, leased to this node until `leaseUntil` (`claimJob`: `advise.abandoned`). */
  async claim(now: Date, leaseUntil: Date): Promise<ClaimedAdviseJob | null> {
    const row = await claimJob<JobRow>(this.db, CLAIM, now, leaseUntil);
    return row ? { ...toJob(row), userId: row.user_id, sites: row.sites } : null;
  }

  /**
   * Progress never goes back (a job taken up again after a lost lease starts over below what was shown).
   * False when the job is no longer running (its owner cancelled it): the worker stops there.
   */
  async progress(id: string, done: number, total: number, leaseUntil: Date): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE advise_jobs SET progress_done = GREATEST(progress_done, $2), progress_total = $3, lease_until = $4
       WHERE id = $1 AND status = 'running'`,
      [id, done, total, leaseUntil],
    );
    return r.rowCount > 0;
  }

  /** A running job's outcome; a job cancelled meanwhile stays cancelled. */
  async finish(
    id: string,
    outcome: { result: AdviseResult } | { error: AdviseCode },
    now: Date,
  ): Promise<void> {
    const ok = 'result' in outcome;
    await this.db.query(
      `UPDATE advise_jobs SET status = $2, progress_done = CASE WHEN $2 = 'done' THEN progress_total ELSE progress_done END,
         result = $3::jsonb, error = $4::jsonb, finished_at = $5, lease_until = NULL
       WHERE id = $1 AND status = 'running'`,
      [
        id,
        ok ? 'done' : 'failed',
        ok ? JSON.stringify(outcome.result) : null,
        ok ? null : JSON.stringify(outcome.error),
        now,
      ],
    );
  }

  /**
   * Cancels the user's job if it is queued or running (a running one stops at its worker's next progress
   * write); null when it is not the user's or has already ended.
   */
  async cancel(id: string, userId: number, now: Date): Promise<AdviseJob | null> {
    const r = await this.db.query<JobRow>(
      `UPDATE advise_jobs SET status = 'cancelled', finished_at = $3, lease_until = NULL
       WHERE id = $1 AND user_id = $2 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`,
      [id, userId, now],
    );
    return r.rows[0] ? toJob(r.rows[0]) : null;
  }

  /** Drops jobs made before `before` (housekeeping). */
  async prune(before: Date): Promise<number> {
    const r = await this.db.query(
      `DELETE FROM advise_jobs WHERE created_at < $1 AND status IN ('done', 'failed', 'cancelled')`,
      [before],
    );
    return r.rowCount ?? 0;
  }

  /**
   * The audit entry of a rule set applied to a location, in the audit log the administrator's database view
   * keeps (`admin_db_audit`): the rings before and after, and the figures the set was chosen on.
   */
  async audit(
    entry: { userId: number; username: string; locationId: number; before: unknown; after: unknown },
    tx?: Queryable,
  ): Promise<void> {
    await (tx ?? this.db).query(
      `INSERT INTO admin_db_audit (user_id, username, table_name, row_key, before, after)
       VALUES ($1, $2, 'locations', $3, $4::jsonb, $5::jsonb)`,
      [
        entry.userId,
        entry.username,
        String(entry.locationId),
        JSON.stringify(entry.before),
        JSON.stringify(entry.after),
      ],
    );
  }
}
