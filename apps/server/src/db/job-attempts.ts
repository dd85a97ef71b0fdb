import type { Queryable } from './database.js';

/**
 * How often a queued job (a rules advice, a statistics query, a report) is taken up before it is given up:
 * a job whose node died with it is taken up again by another when its lease runs out, and one that takes
 * its node down each time would otherwise go round the cluster for ever.
 */
export const JOB_MAX_ATTEMPTS = 3;

/** The job tables whose rows are leased to a node, count their takings (`attempts`) and fail with a coded `error`. */
export type AttemptedJobTable = 'advise_jobs' | 'query_jobs' | 'reports';

/** Which jobs of a table a claim takes and what it answers. */
export interface JobClaim {
  table: AttemptedJobTable;
  /** The failure code of a job given up after its takings (`{attempts}` its params). */
  abandoned: string;
  /** The claim's `RETURNING` list. */
  columns: string;
  /** Which waiting job goes first. */
  orderBy: string;
}

/**
 * The first waiting job of `claim.table` (or one whose node's lease ran out), leased to this node until
 * `leaseUntil`, its takings counted. A job whose lease ran out after `JOB_MAX_ATTEMPTS` takings is failed
 * first (`claim.abandoned`): its nodes died with it. The claim never takes a job that has had its takings
 * (checked in its own statement: a lease that runs out between the two is failed at the next claim).
 */
export async function claimJob<Row>(
  db: Queryable,
  claim: JobClaim,
  now: Date,
  leaseUntil: Date,
): Promise<Row | null> {
  const { table } = claim;
  await db.query(
    `UPDATE ${table} SET status = 'failed', finished_at = $1, lease_until = NULL,
       error = jsonb_build_object('code', $3::text, 'params', jsonb_build_object('attempts', attempts))
     WHERE status = 'running' AND lease_until < $1 AND attempts >= $2`,
    [now, JOB_MAX_ATTEMPTS, claim.abandoned],
  );
  const r = await db.query<Row>(
    `UPDATE ${table} SET status = 'running', lease_until = $2, attempts = attempts + 1
     WHERE id = (SELECT id FROM ${table}
                 WHERE status = 'queued' OR (status = 'running' AND lease_until < $1 AND attempts < $3)
                 ORDER BY ${claim.orderBy} LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${claim.columns}`,
    [now, leaseUntil, JOB_MAX_ATTEMPTS],
  );
  return r.rows[0] ?? null;
}
