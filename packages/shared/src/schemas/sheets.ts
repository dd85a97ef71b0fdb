import { type Static, Type } from 'typebox';
import { Id, MAX_OFFSET } from './kit.js';

/** The fixed data sheets (the `data_sheet` screen, and the tables behind insight reports). */
export const SHEET_IDS = ['lightning_daily', 'lightning_monthly', 'alerts', 'device_uptime'] as const;
export type SheetId = (typeof SHEET_IDS)[number];

export const SHEET_COLUMN_KINDS = ['text', 'integer', 'number', 'percent', 'datetime', 'date'] as const;
export type SheetColumnKind = (typeof SHEET_COLUMN_KINDS)[number];

const Both = Type.Object({ en: Type.String(), 'zh-Hans': Type.String() });
export type BothLanguages = Static<typeof Both>;

export const SheetColumn = Type.Object({
  key: Type.String(),
  kind: Type.Enum(SHEET_COLUMN_KINDS),
  header: Both,
});
export type SheetColumn = Static<typeof SheetColumn>;

export const SheetInfo = Type.Object({
  id: Type.Enum(SHEET_IDS),
  name: Both,
  description: Both,
  columns: Type.Array(SheetColumn),
  default_sort: Type.String(),
});
export type SheetInfo = Static<typeof SheetInfo>;

export const SheetList = Type.Object({ items: Type.Array(SheetInfo) });
export type SheetList = Static<typeof SheetList>;

export const SheetIdParams = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9_]{1,40}$', description: `One of ${SHEET_IDS.join(', ')}` }),
});
export type SheetIdParams = Static<typeof SheetIdParams>;

/** The longest period one sheet covers. */
export const SHEET_MAX_DAYS = 366;

const SheetFilter = {
  from: Type.String({ format: 'date-time', description: 'Period start (inclusive)' }),
  to: Type.String({
    format: 'date-time',
    description: `Period end (exclusive), at most ${SHEET_MAX_DAYS} days after from`,
  }),
  time_zone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'IANA time zone of the lightning sheets’ days and months (default: the deployment’s, TIME_ZONE; whole-hour ' +
        'offsets only)',
    }),
  ),
  group_id: Type.Optional(Id),
  sort: Type.Optional(Type.String({ maxLength: 64, description: 'A column key (default: the sheet’s own)' })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

export const SheetQuery = Type.Object(
  {
    ...SheetFilter,
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50 }),
    offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
  },
  { additionalProperties: false },
);
export type SheetQuery = Static<typeof SheetQuery>;

export const SheetExportQuery = Type.Object(
  {
    ...SheetFilter,
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
    lang: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('zh-Hans')], {
        description: 'Language of the headers (default: both, "中文 / English")',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SheetExportQuery = Static<typeof SheetExportQuery>;

export const SheetCell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
export type SheetCell = Static<typeof SheetCell>;

export const SheetPage = Type.Object({
  sheet: SheetInfo,
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  rows: Type.Array(Type.Record(Type.String(), SheetCell)),
  total: Type.Integer(),
});
export type SheetPage = Static<typeof SheetPage>;
