import { type Static, Type } from 'typebox';
import { CodeWithParams, Id, Nullable } from './kit.js';
import { RegionCode } from './regions.js';

/** The report templates: a region's month of lightning, a site's year for protection design, a group's warnings. */
export const REPORT_TEMPLATES = ['region_monthly', 'site_annual', 'group_warning'] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];

const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const ReportLanguage = Type.Union([Type.Literal('zh-Hans'), Type.Literal('en')]);

/** The zone whose days and months a report counts (kept with the report: it reads the same when made again). */
const ReportTimeZone = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'IANA time zone of the report’s days and months (default: the deployment’s, TIME_ZONE)',
  }),
);
export const RegionMonthlyParameters = Type.Object(
  {
    template: Type.Literal('region_monthly'),
    region: RegionCode,
    month: Month,
    language: ReportLanguage,
    time_zone: ReportTimeZone,
  },
  { additionalProperties: false },
);
export const SiteAnnualParameters = Type.Object(
  {
    template: Type.Literal('site_annual'),
    location_id: Id,
    year: Year,
    language: ReportLanguage,
    time_zone: ReportTimeZone,
  },
  { additionalProperties: false },
);
export const GroupWarningParameters = Type.Object(
  {
    template: Type.Literal('group_warning'),
    month: Month,
    language: ReportLanguage,
    time_zone: ReportTimeZone,
    group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type RegionMonthlyParameters = Static<typeof RegionMonthlyParameters>;
export type SiteAnnualParameters = Static<typeof SiteAnnualParameters>;
export type GroupWarningParameters = Static<typeof GroupWarningParameters>;
export const ReportParameters = Type.Union([
  RegionMonthlyParameters,
  SiteAnnualParameters,
  GroupWarningParameters,
]);
export type ReportParameters = Static<typeof ReportParameters>;

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const ReportDto = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  template: Type.Enum(REPORT_TEMPLATES),
  parameters: ReportParameters,
  title: Type.String(),
  status: Type.Enum(REPORT_STATUSES),
  /** Why it failed, as a code the screen words (`report.abandoned` `{attempts}`, `server.internal`, …). */
  error: Nullable(CodeWithParams),
  has_pdf: Type.Boolean(),
  pdf_note: Nullable(Type.String({ description: 'Why there is no PDF (the node has no Chromium)' })),
  schedule_id: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});
export type ReportDto = Static<typeof ReportDto>;

export const ReportList = Type.Object({ items: Type.Array(ReportDto), total: Type.Integer() });
export type ReportList = Static<typeof ReportList>;

export const ReportListQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  { additionalProperties: false },
);
export type ReportListQuery = Static<typeof ReportListQuery>;

export const ReportIdParams = Type.Object({ id: Id });
export type ReportIdParams = Static<typeof ReportIdParams>;

/** A table behind a report, as the report shows it. */
export const ReportSheet = Type.Object({
  title: Type.String(),
  columns: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Null()]))),
});
export type ReportSheet = Static<typeof ReportSheet>;

export const ReportSheets = Type.Object({ report_id: Type.Integer(), sheets: Type.Array(ReportSheet) });
export type ReportSheets = Static<typeof ReportSheets>;

const Both = Type.Object({ en: Type.String(), 'zh-Hans': Type.String() });

export const TemplateInfo = Type.Object({
  template: Type.Enum(REPORT_TEMPLATES),
  name: Both,
  description: Both,
  parameters: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.Union([
        Type.Literal('region'),
        Type.Literal('location'),
        Type.Literal('month'),
        Type.Literal('year'),
        Type.Literal('language'),
        Type.Literal('group'),
      ]),
      required: Type.Boolean(),
      label: Both,
    }),
  ),
});
export type TemplateInfo = Static<typeof TemplateInfo>;

export const TemplateList = Type.Object({ items: Type.Array(TemplateInfo) });
export type TemplateList = Static<typeof TemplateList>;

/** A monthly report made on day `day_of_month` at `hour` (local) for the month before, for the group's list. */
export const ScheduleParameters = Type.Union([
  Type.Object(
    { template: Type.Literal('region_monthly'), region: RegionCode, language: ReportLanguage },
    { additionalProperties: false },
  ),
  Type.Object(
    { template: Type.Literal('group_warning'), language: ReportLanguage },
    { additionalProperties: false },
  ),
]);
export type ScheduleParameters = Static<typeof ScheduleParameters>;

export const ScheduleInput = Type.Object(
  {
    parameters: ScheduleParameters,
    day_of_month: Type.Integer({ minimum: 1, maximum: 28 }),
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    list_id: Nullable(Id),
  },
  { additionalProperties: false },
);
export type ScheduleInput = Static<typeof ScheduleInput>;

export const ScheduleDto = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  parameters: ScheduleParameters,
  day_of_month: Type.Integer(),
  hour: Type.Integer(),
  time_zone: Type.String(),
  list_id: Nullable(Type.Integer()),
  last_period: Nullable(Type.String({ description: 'The last month (YYYY-MM) a report was made for' })),
  created_at: Type.String({ format: 'date-time' }),
});
export type ScheduleDto = Static<typeof ScheduleDto>;

export const ScheduleList = Type.Object({ items: Type.Array(ScheduleDto) });
export type ScheduleList = Static<typeof ScheduleList>;
