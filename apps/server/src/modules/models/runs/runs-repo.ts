import type { RunFailureCode } from '@thunderwatch/shared/model-ids';
import type { ModelId, ModelRunDto, RunStatus } from '@thunderwatch/shared/schemas/models';
import type { Queryable } from '../../../db/database.js';

/** Why a run failed: its English text (the logs, `reason`) and the code with parameters the screens word. */
export interface RunFailureReason {
  text: string;
  code: RunFailureCode;
  params: Record<string, string | number>;
}

interface RunRow {
  id: number;
  model_id: ModelId;
  status: RunStatus;
  progress: number;
  reason: string | null;
  reason_code: RunFailureCode | null;
  reason_params: Record<string, string | number> | null;
  trigger: 'schedule' | 'manual';
  requested_by_id: number | null;
  requested_by_name: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  valid_at: Date | null;
  has_output: boolean;
}

const COLUMNS = `r.id, r.model_id, r.status, r.progress, r.reason, r.reason_code, r.reason_params, r.trigger, u.id AS requested_by_id,
  u.name AS requested_by_name, r.created_at, r.started_at, r.finished_at, r.valid_at,
  EXISTS (SELECT 1 FROM model_outputs o WHERE o.run_id = r.id) AS has_output`;
const FROM = 'model_runs r LEFT JOIN users u ON u.id = r.requested_by';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDto(r: RunRow): ModelRunDto {
  return {
    id: Number(r.id),
    model_id: r.model_id,
    status: r.status,
    progress: r.progress,
    reason: r.reason,
    reason_code: r.reason_code,
    reason_params: r.reason_params,
    trigger: r.trigger,
    requested_by:
      r.requested_by_id === null ? null : { id: Number(r.requested_by_id), name: r.requested_by_name ?? '' },
    created_at: r.created_at.toISOString(),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
    valid_at: iso(r.valid_at),
    has_output: r.has_output,
  };
}

/** Longest failure reason kept (the column allows 1000). */
export const MAX_REASON = 1000;

/** Model runs: the queue the leader works through, and their history. */
export class RunsRepo {
  constructor(private readonly db: Queryable) {}

  async insert(
    model: ModelId,
    trigger: 'schedule' | 'manual',
    requestedBy: number | null,
    tx: Queryable = this.db,
  ): Promise<ModelRunDto> {
    const r = await tx.query<{ id: number }>(
      'INSERT INTO model_runs (model_id, trigger, requested_by) VALUES ($1, $2, $3) RETURNING id',
      [model, trigger, requestedBy],
    );
    return (await this.get(Number(r.rows[0]?.id), tx)) as ModelRunDto;
  }

  async get(id: number, tx: Queryable = this.db): Promise<ModelRunDto | null> {
    const r = await tx.query<RunRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id]);
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  /** Newest first. */
  async list(
    f: { model?: ModelId; status?: RunStatus },
    limit: number,
    offset: number,
  ): Promise<{ items: ModelRunDto[]; total: number }> {
    const params = [f.model ?? null, f.status ?? null];
    const where = 'WHERE ($1::text IS NULL OR r.model_id = $1) AND ($2::text IS NULL OR r.status = $2)';
    const [rows, count] = await Promise.all([
      this.db.query<RunRow>(`SELECT ${COLUMNS} FROM ${FROM} ${where} ORDER BY r.id DESC LIMIT $3 OFFSET $4`, [
        ...params,
        limit,
        offset,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM model_runs r ${where}`, params),
    ]);
    return { items: rows.rows.map(toDto), total: count.rows[0]?.n ?? 0 };
  }

  /** Per model: its newest queued or running run, and its newest finished one. */
  async latestByModel(): Promise<{ active: Map<ModelId, ModelRunDto>; last: Map<ModelId, ModelRunDto> }> {
    const pick = (statuses: string) =>
      this.db.query<RunRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id IN (
           SELECT max(id) FROM model_runs WHERE status IN (${statuses}) GROUP BY model_id)`,
      );
    const [active, last] = await Promise.all([pick(`'queued', 'running'`), pick(`'done', 'failed'`)]);
    const byModel = (rows: RunRow[]) => new Map(rows.map((r) => [r.model_id, toDto(r)]));
    return { active: byModel(active.rows), last: byModel(last.rows) };
  }

  async active(model: ModelId): Promise<ModelRunDto | null> {
    const r = await this.db.query<RunRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.model_id = $1 AND r.status IN ('queued', 'running')
       ORDER BY r.id DESC LIMIT 1`,
      [model],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  /** The newest run of the model that finished with an output. */
  async latestDone(model: ModelId): Promise<ModelRunDto | null> {
    const r = await this.db.query<RunRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.model_id = $1 AND r.status = 'done'
         AND EXISTS (SELECT 1 FROM model_outputs o WHERE o.run_id = r.id)
       ORDER BY r.id DESC LIMIT 1`,
      [model],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  /** When each model was last queued by its schedule (the schedule goes on from there after a restart). */
  async lastScheduled(): Promise<Map<ModelId, Date>> {
    const r = await this.db.query<{ model_id: ModelId; at: Date }>(
      "SELECT model_id, max(created_at) AS at FROM model_runs WHERE trigger = 'schedule' GROUP BY model_id",
    );
    return new Map(r.rows.map((x) => [x.model_id, x.at]));
  }

  /** Takes the oldest queued run: it is running on `node` from now. */
  async claimNext(tx: Queryable, node: string, now: Date): Promise<ModelRunDto | null> {
    const r = await tx.query<{ id: number }>(
      `UPDATE model_runs SET status = 'running', started_at = $2, node = $1, progress = 0
       WHERE id = (SELECT id FROM model_runs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [node, now],
    );
    const id = r.rows[0]?.id;
    return id === undefined ? null : this.get(Number(id), tx);
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.db.query("UPDATE model_runs SET progress = $2 WHERE id = $1 AND status = 'running'", [
      id,
      progress,
    ]);
  }

  async markDone(tx: Queryable, id: number, validAt: Date, now: Date): Promise<void> {
    await tx.query(
      "UPDATE model_runs SET status = 'done', progress = 100, finished_at = $2, valid_at = $3 WHERE id = $1",
      [id, now, validAt],
    );
  }

  /** Fails a run with its reason: the English text, and the code with its parameters the screens word. */
  async markFailed(tx: Queryable, id: number, reason: RunFailureReason, now: Date): Promise<void> {
    await tx.query(
      `UPDATE model_runs SET status = 'failed', reason = $2, reason_code = $4, reason_params = $5::jsonb,
         finished_at = $3
       WHERE id = $1 AND status <> 'done'`,
      [id, reason.text.slice(0, MAX_REASON), now, reason.code, JSON.stringify(reason.params)],
    );
  }

  /** Runs left running by a node that stopped: failed, with the reason. Returns how many. */
  async failInterrupted(tx: Queryable, reason: RunFailureReason, now: Date): Promise<number> {
    const r = await tx.query(
      `UPDATE model_runs SET status = 'failed', reason = $1, reason_code = $3, reason_params = $4::jsonb,
         finished_at = $2
       WHERE status = 'running'`,
      [reason.text.slice(0, MAX_REASON), now, reason.code, JSON.stringify(reason.params)],
    );
    return r.rowCount;
  }

  /** Deletes runs (and their outputs) created before `before`. */
  async purgeBefore(before: Date): Promise<number> {
    const r = await this.db.query(
      "DELETE FROM model_runs WHERE created_at < $1 AND status IN ('done', 'failed')",
      [before],
    );
    return r.rowCount;
  }
}
