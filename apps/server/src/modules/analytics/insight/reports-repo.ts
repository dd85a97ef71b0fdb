import type {
  ReportDto,
  ReportParameters,
  ReportSheet,
  ReportTemplate,
} from '@thunderwatch/shared/schemas/insight';
import type { CodeWithParams } from '@thunderwatch/shared/schemas/kit';
import type { Database, Queryable } from '../../../db/database.js';
import { claimJob, type JobClaim } from '../../../db/job-attempts.js';

interface ReportRow {
  id: number;
  group_id: number;
  template: ReportTemplate;
  parameters: ReportParameters;
  title: string;
  status: ReportDto['status'];
  error: CodeWithParams | null;
  has_pdf: boolean;
  pdf_note: string | null;
  schedule_id: number | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `id::float8 AS id, group_id::float8 AS group_id, template, parameters, title, status, error,
  pdf IS NOT NULL AS has_pdf, pdf_note, schedule_id::float8 AS schedule_id, created_at, finished_at`;
const CLAIM: JobClaim = {
  table: 'reports',
  abandoned: 'report.abandoned',
  columns: `${COLUMNS}, created_by::float8 AS created_by`,
  orderBy: 'id',
};

const toDto = (r: ReportRow): ReportDto => ({
  ...r,
  created_at: r.created_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

export type ClaimedReport = ReportDto & { createdBy: number | null };

/** Generated reports (a queue for the report workers too). SQL only. */
export class ReportsRepo {
  constructor(private readonly db: Database) {}

  async create(
    r: {
      groupId: number;
      parameters: ReportParameters;
      title: string;
      createdBy: number | null;
      scheduleId?: number | null;
      now: Date;
    },
    db: Queryable = this.db,
  ): Promise<ReportDto> {
    const res = await db.query<ReportRow>(
      `INSERT INTO reports (group_id, template, parameters, title, status, created_by, schedule_id, created_at)
       VALUES ($1, $2, $3::jsonb, $4, 'queued', $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        r.groupId,
        r.parameters.template,
        JSON.stringify(r.parameters),
        r.title,
        r.createdBy,
        r.scheduleId ?? null,
        r.now,
      ],
    );
    return toDto(res.rows[0] as ReportRow);
  }

  async list(
    groupId: number | null,
    limit: number,
    offset: number,
  ): Promise<{ items: ReportDto[]; total: number }> {
    const [items, total] = await Promise.all([
      this.db.query<ReportRow>(
        `SELECT ${COLUMNS} FROM reports WHERE $1::bigint IS NULL OR group_id = $1::bigint ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [groupId, limit, offset],
      ),
      this.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM reports WHERE $1::bigint IS NULL OR group_id = $1::bigint',
        [groupId],
      ),
    ]);
    return { items: items.rows.map(toDto), total: total.rows[0]?.n ?? 0 };
  }

  async get(id: number, groupId: number | null): Promise<ReportDto | null> {
    const r = await this.db.query<ReportRow>(
      `SELECT ${COLUMNS} FROM reports WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2::bigint)`,
      [id, groupId],
    );
    return r.rows[0] ? toDto(r.rows[0]) : null;
  }

  async body(id: number, groupId: number | null, part: 'html' | 'pdf' | 'sheets'): Promise<unknown> {
    const column = part === 'html' ? 'html' : part === 'pdf' ? 'pdf' : 'sheets';
    const r = await this.db.query<{ body: unknown }>(
      `SELECT ${column} AS body FROM reports WHERE id = $1 AND ($2::bigint IS NULL OR group_id = $2::bigint)`,
      [id, groupId],
    );
    return r.rows[0]?.body ?? null;
  }

  /** The oldest waiting report, leased to this node until `leaseUntil` (`claimJob`: `report.abandoned`). */
  async claim(now: Date, leaseUntil: Date): Promise<ClaimedReport | null> {
    const row = await claimJob<ReportRow & { created_by: number | null }>(this.db, CLAIM, now, leaseUntil);
    return row ? { ...toDto(row), createdBy: row.created_by } : null;
  }

  async finish(
    id: number,
    outcome:
      | { html: string; pdf: Buffer | null; pdfNote: string | null; sheets: ReportSheet[]; title: string }
      | { error: CodeWithParams },
    now: Date,
  ): Promise<void> {
    if ('error' in outcome) {
      await this.db.query(
        `UPDATE reports SET status = 'failed', error = $2::jsonb, finished_at = $3, lease_until = NULL WHERE id = $1`,
        [id, JSON.stringify(outcome.error), now],
      );
      return;
    }
    await this.db.query(
      `UPDATE reports SET status = 'done', title = $2, html = $3, pdf = $4, pdf_note = $5, sheets = $6::jsonb,
         finished_at = $7, lease_until = NULL, error = NULL WHERE id = $1`,
      [id, outcome.title, outcome.html, outcome.pdf, outcome.pdfNote, JSON.stringify(outcome.sheets), now],
    );
  }
}
