import type { SheetColumn } from '@thunderwatch/shared/schemas/sheets';
import {
  QUERY_MAX_DAYS,
  type QueryExportQuery,
  type QueryJob,
  type SavedQuery,
  type SavedQueryInput,
  type SavedQueryList,
  type StrokeQuerySpec,
} from '@thunderwatch/shared/schemas/stroke-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { LoadedRegions } from '../../regions/regions-service.js';
import { sheetCsv, sheetXlsx } from '../sheets/sheet-export.js';
import type { SheetFile } from '../sheets/sheets-service.js';
import { type AreaSources, resolveArea } from './query-area.js';
import type { QueryJobsRepo } from './query-jobs-repo.js';
import { queryFilter, type StrokeQueryRunner } from './query-runner.js';

const DAY_MS = 86_400_000;
export const SAVED_QUERIES_MAX = 100;

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);
const jobNotFound = () => new AppError('query.job_not_found', 404, 'No such query result');

/**
 * The statistics query builder: a query whose window and box hold at most `inlineMax` strokes is answered at
 * once; a larger one becomes a job that a worker runs while the caller polls its progress. Either way the result
 * is kept (a job) so that it can be downloaded.
 */
export class StrokeQueryService {
  constructor(
    private readonly d: {
      jobs: QueryJobsRepo;
      runner: StrokeQueryRunner;
      regions: () => Promise<LoadedRegions>;
      zone: (id: number, groupId: number | null) => Promise<ZoneDto | null>;
      worker: { kick(): Promise<void> };
      now: () => Date;
      inlineMax: number;
      /** The deployment's zone (`TIME_ZONE`), for a query kept without one. */
      timeZone: string;
    },
  ) {}

  async run(user: AuthUser, spec: StrokeQuerySpec): Promise<{ queued: boolean; job: QueryJob }> {
    requirePermission(user, 'location.read');
    checkSpec(spec);
    const area = await resolveArea(spec.area, this.sources(groupScope(user)));
    const estimated = await this.d.jobs.estimate(queryFilter(spec, area));
    if (estimated > this.d.inlineMax) {
      const job = await this.d.jobs.create({ userId: user.id, spec, estimated }, this.d.now());
      void this.d.worker.kick();
      return { queued: true, job };
    }
    const result = await this.d.runner.run(spec, area);
    return {
      queued: false,
      job: await this.d.jobs.create({ userId: user.id, spec, estimated, result }, this.d.now()),
    };
  }

  async job(user: AuthUser, id: number): Promise<QueryJob> {
    requirePermission(user, 'location.read');
    const job = await this.d.jobs.get(id, user.id);
    if (!job) throw jobNotFound();
    return job;
  }

  /** A finished query's groups as CSV or XLSX, headers in `lang` or both languages. */
  async export(user: AuthUser, id: number, q: QueryExportQuery): Promise<SheetFile> {
    requirePermission(user, 'location.read');
    const job = await this.job(user, id);
    if (!job.result) throw new AppError('query.not_ready', 409, 'The query has not finished');
    const rows = job.result.groups.map((g) => ({
      ...g,
      name_zh: g.name_zh ?? null,
      name_en: g.name_en ?? null,
    }));
    const columns = job.spec.group_by === 'region' ? REGION_COLUMNS : TIME_COLUMNS;
    const stem = `strokes_${job.spec.group_by}_${job.spec.from.slice(0, 10)}_${job.spec.to.slice(0, 10)}`;
    if (q.format === 'csv')
      return {
        body: sheetCsv(columns, rows, q.lang),
        type: 'text/csv; charset=utf-8',
        filename: `${stem}.csv`,
      };
    return {
      body: await sheetXlsx(
        q.lang === 'en' ? 'Strokes' : '闪电统计',
        columns,
        rows,
        q.lang,
        job.spec.time_zone ?? this.d.timeZone,
      ),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${stem}.xlsx`,
    };
  }

  async saved(user: AuthUser): Promise<SavedQueryList> {
    requirePermission(user, 'location.read');
    return { items: await this.d.jobs.savedOf(user.id) };
  }

  async save(user: AuthUser, input: SavedQueryInput): Promise<SavedQuery> {
    requirePermission(user, 'location.read');
    checkSpec(input.spec);
    const mine = await this.d.jobs.savedOf(user.id);
    if (mine.length >= SAVED_QUERIES_MAX && !mine.some((s) => s.name === input.name))
      throw new AppError('query.saved_limit', 409, `At most ${SAVED_QUERIES_MAX} saved queries`);
    return this.d.jobs.save(user.id, input.name, input.spec, this.d.now());
  }

  async removeSaved(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'location.read');
    if (!(await this.d.jobs.removeSaved(id, user.id)))
      throw new AppError('query.saved_not_found', 404, 'No such saved query');
  }

  private sources(scope: number | null): AreaSources {
    return { regions: this.d.regions, zone: (id) => this.d.zone(id, scope) };
  }
}

/** What the schema cannot say: the window's order and length, the current range, the time zone. */
export function checkSpec(spec: StrokeQuerySpec): void {
  const from = Date.parse(spec.from);
  const to = Date.parse(spec.to);
  if (to <= from) throw invalid('to', 'must be after from');
  if (to - from > QUERY_MAX_DAYS * DAY_MS)
    throw invalid('to', `must be at most ${QUERY_MAX_DAYS} days after from`);
  if (spec.min_ka !== undefined && spec.max_ka !== undefined && spec.min_ka > spec.max_ka)
    throw invalid('min_ka', 'must not exceed max_ka');
  if (spec.time_zone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: spec.time_zone });
    } catch {
      throw invalid('time_zone', 'is not an IANA time zone');
    }
  }
}

const col = (key: string, kind: SheetColumn['kind'], en: string, zh: string): SheetColumn => ({
  key,
  kind,
  header: { en, 'zh-Hans': zh },
});
const COUNT_COLUMNS = [
  col('strokes', 'integer', 'Strokes', '回击数'),
  col('cg', 'integer', 'Cloud-to-ground', '地闪'),
  col('ic', 'integer', 'Intracloud', '云闪'),
  col('positive', 'integer', 'Positive', '正极性'),
  col('negative', 'integer', 'Negative', '负极性'),
  col('max_abs_ka', 'number', 'Max |kA|', '最大电流强度（kA）'),
  col('mean_abs_ka', 'number', 'Mean |kA|', '平均电流强度（kA）'),
];
const TIME_COLUMNS = [col('key', 'text', 'Period (local time)', '时段（当地时间）'), ...COUNT_COLUMNS];
const REGION_COLUMNS = [
  col('key', 'text', 'Region code', '行政区划代码'),
  col('name_zh', 'text', 'Region (Chinese)', '地区'),
  col('name_en', 'text', 'Region (English)', '地区（英文）'),
  ...COUNT_COLUMNS,
];
