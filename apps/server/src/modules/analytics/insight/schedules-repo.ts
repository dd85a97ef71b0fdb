import type { ScheduleDto, ScheduleInput, ScheduleParameters } from '@thunderwatch/shared/schemas/insight';
import type { Database, Queryable } from '../../../db/database.js';

interface ScheduleRow {
  id: number;
  group_id: number;
  parameters: ScheduleParameters;
  day_of_month: number;
  hour: number;
  time_zone: string;
  list_id: number | null;
  last_period: string | null;
  created_at: Date;
}

const COLUMNS = `id::float8 AS id, group_id::float8 AS group_id, parameters, day_of_month, hour, time_zone,
  list_id::float8 AS list_id, last_period, created_at`;

const toDto = (r: ScheduleRow): ScheduleDto => ({ ...r, created_at: r.created_at.toISOString() });

/** Report schedules. SQL only. */
export class SchedulesRepo {
  constructor(private readonly db: Database) {}

  async list(groupId: number | null): Promise<ScheduleDto[]> {
    const r = await this.db.query<ScheduleRow>(
      `SELECT ${COLUMNS} FROM report_schedules WHERE $1::bigint IS NULL OR group_id = $1::bigint ORDER BY id`,
      [groupId],
    );
    return r.rows.map(toDto);
  }

  async create(
    groupId: number,
    input: ScheduleInput,
    timeZone: string,
    userId: number,
    now: Date,
  ): Promise<ScheduleDto> {
    const r = await this.db.query<ScheduleRow>(
      `INSERT INTO report_schedules (group_id, template, parameters, day_of_month, hour, time_zone, list_id, created_by, created_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        groupId,
        input.parameters.template,
        JSON.stringify(input.parameters),
        input.day_of_month,
        input.hour,
        timeZone,
        input.list_id,
        userId,
        now,
      ],
    );
    return toDto(r.rows[0] as ScheduleRow);
  }

  async remove(id: number, groupId: number | null): Promise<boolean> {
    const r = await this.db.query(
      'DELETE FROM report_schedules WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2::bigint)',
      [id, groupId],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Every schedule, locked for the scheduler's transaction (other nodes' schedulers skip them). */
  async lockAll(tx: Queryable): Promise<ScheduleDto[]> {
    const r = await tx.query<ScheduleRow>(
      `SELECT ${COLUMNS} FROM report_schedules ORDER BY id FOR UPDATE SKIP LOCKED`,
    );
    return r.rows.map(toDto);
  }

  async markRun(tx: Queryable, id: number, period: string): Promise<void> {
    await tx.query('UPDATE report_schedules SET last_period = $2 WHERE id = $1', [id, period]);
  }

  async listOf(reportId: number): Promise<{ listId: number | null; groupId: number } | null> {
    const r = await this.db.query<{ list_id: number | null; group_id: number }>(
      `SELECT s.list_id::float8 AS list_id, r.group_id::float8 AS group_id
       FROM reports r JOIN report_schedules s ON s.id = r.schedule_id WHERE r.id = $1`,
      [reportId],
    );
    const row = r.rows[0];
    return row ? { listId: row.list_id, groupId: row.group_id } : null;
  }
}
