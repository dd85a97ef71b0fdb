import { namedForExport } from '@thunderwatch/domain/analytics/sheet-columns';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { SheetCell, SheetColumn } from '@thunderwatch/shared/schemas/sheets';
import { type HeaderLang, sheetColumn, sheetXlsx } from '../../../lib/xlsx.js';

const col = sheetColumn;

/**
 * The columns of `/api/alert_hist/?format=xlsx` (written by lib/xlsx.ts, as the data sheets are): the CSV's,
 * with both-language headers; times in the export's zone, which the time columns' headers name. A site's own
 * name and its English one are one column in a workbook of one language (`namedForExport`), two in both.
 */
export const ALERT_XLSX_COLUMNS: readonly SheetColumn[] = [
  col('id', 'integer', 'Episode ID', '预警编号'),
  col('location_id', 'integer', 'Location ID', '地点编号'),
  col('location_name', 'text', 'Location', '地点'),
  col('location_name_en', 'text', 'Location (English)', '地点（英文）'),
  col('started_at', 'datetime', 'Started', '开始时间'),
  col('ended_at', 'datetime', 'Ended', '结束时间'),
  col('duration_min', 'number', 'Duration (min)', '时长（分钟）'),
  col('peak_level', 'integer', 'Peak level', '最高等级'),
  col('nearest_km', 'number', 'Nearest stroke (km)', '最近闪电距离（km）'),
  col('strokes_per_ring', 'text', 'Strokes per ring', '各环闪电数'),
  col('first_stroke_time', 'datetime', 'First stroke', '首次闪电'),
  col(
    'warned_before_first_inner_stroke',
    'text',
    'Warned before the first inner-ring stroke',
    '内环首次闪电前已预警',
  ),
  col('lead_time_min', 'number', 'Lead time (min)', '提前量（分钟）'),
  col('predicted', 'text', 'Began as predicted', '预测预警'),
  col('ring_at', 'datetime', 'First ring fired', '首次触发预警环'),
  col('predicted_lead_min', 'number', 'Predicted lead (min)', '预测提前量（分钟）'),
];

const YES_NO = {
  en: ['yes', 'no'],
  'zh-Hans': ['是', '否'],
  both: ['是 / yes', '否 / no'],
} as const;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** One episode as a row of the XLSX export, its yes/no in the export's language. */
export function alertXlsxRow(a: AlertDto, lang: HeaderLang): Record<string, SheetCell> {
  const [yes, no] = YES_NO[lang ?? 'both'];
  const yesNo = (b: boolean | null) => (b === null ? null : b ? yes : no);
  return {
    id: a.id,
    location_id: a.location_id,
    location_name: a.location_name,
    location_name_en: a.location_name_en,
    started_at: a.started_at,
    ended_at: a.ended_at,
    duration_min:
      a.ended_at === null ? null : round1((Date.parse(a.ended_at) - Date.parse(a.started_at)) / 60_000),
    peak_level: a.peak_level,
    nearest_km: a.nearest_km,
    strokes_per_ring: a.ring_counts.map((c) => `${c.radius_km} km: ${c.strokes}`).join('; '),
    first_stroke_time: a.first_stroke?.time ?? null,
    warned_before_first_inner_stroke: yesNo(a.warned_before_first_inner),
    lead_time_min: a.lead_time_min,
    predicted: yesNo(a.predicted),
    ring_at: a.ring_at,
    predicted_lead_min: a.predicted_lead_min,
  };
}

/** The episodes as one worksheet, named and headed in `lang` (both languages when none). */
export function alertsXlsx(alerts: readonly AlertDto[], lang: HeaderLang, timeZone: string): Promise<Buffer> {
  const title = lang === 'en' ? 'Alert history' : '预警历史';
  const sheet = namedForExport(
    ALERT_XLSX_COLUMNS,
    alerts.map((a) => alertXlsxRow(a, lang)),
    lang,
  );
  return sheetXlsx(title, sheet.columns, sheet.rows, lang, timeZone);
}
