import type { Queryable } from './database.js';

/**
 * How often a queued job (a rules advice, a statistics query, a report) is taken up before it is given up: a job whose
 * node died with it is taken up again by another when its lease runs out, and one that takes its node down
 * each time would otherwise go round the cluster for ever.
 */
export const JOB_MAX_ATTEMPTS = 3;

/** The job tables whose rows count their takings (`attempts`) and fail with a coded `error`. */
export type AttemptedJobTable = 'advise_jobs' | 'query_jobs' | 'reports';

/**
 * Fails the running jobs of `table` whose lease ran out after `JOB_MAX_ATTEMPTS` takings, with the error
 * `{code, params: {attempts}}` (`code`: the screen's words for it). Called before each claim, which counts a
 * taking (`attempts = attempts + 1`) and never takes a job that has had its takings (`attempts <
 * JOB_MAX_ATTEMPTS` in its own statement: a lease that runs out between the two is failed at the next claim).
 */
export async function failAbandonedJobs(
  db: Queryable,
  table: AttemptedJobTable,
  code: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE ${table} SET status = 'failed', finished_at = $1, lease_until = NULL,
       error = jsonb_build_object('code', $3::text, 'params', jsonb_build_object('attempts', attempts))
     WHERE status = 'running' AND lease_until < $1 AND attempts >= $2`,
    [now, JOB_MAX_ATTEMPTS, code],
  );
}
