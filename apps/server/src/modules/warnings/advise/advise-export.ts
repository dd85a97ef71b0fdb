import { namedForExport } from '@thunderwatch/domain/analytics/sheet-columns';
import type { AdviceSet, AdviseResult, AdviseSite } from '@thunderwatch/shared/schemas/advise';
import type { SheetCell, SheetColumn } from '@thunderwatch/shared/schemas/sheets';
import { toCsv } from '../../../lib/csv.js';
import { type HeaderLang, sheetColumn, sheetXlsx } from '../../../lib/xlsx.js';

const col = sheetColumn;

/**
 * The advisor's table, one row per site and rule set: the CSV's keys (English whatever the language, both
 * names of a site) and the XLSX's headers in the reader's language (lib/xlsx.ts, as the alert history and the
 * data sheets write theirs; a site named in one column in one language, two in both).
 */
export const ADVISE_COLUMNS: readonly SheetColumn[] = [
  col('location_id', 'integer', 'Location ID', '地点编号'),
  col('location_name', 'text', 'Location', '地点'),
  col('location_name_en', 'text', 'Location (English)', '地点（英文）'),
  col('from', 'datetime', 'From', '开始时间'),
  col('to', 'datetime', 'To', '结束时间'),
  col('event_radius_km', 'number', 'Event radius (km)', '事件半径（km）'),
  col('event_gap_min', 'number', 'Event gap (min)', '事件间隔（分钟）'),
  col('events', 'integer', 'Events', '事件数'),
  col('set_id', 'text', 'Rule set', '规则组'),
  col('radii_km', 'text', 'Ring radii (km)', '预警环半径（km）'),
  col('all_clear_min', 'text', 'All-clear (min)', '解除时间（分钟）'),
  col('threshold', 'text', 'Strokes / window (min)', '闪电数 / 时间窗（分钟）'),
  col('predicted', 'text', 'Predicted warnings', '预测预警'),
  col('pod', 'number', 'POD', '命中率（POD）'),
  col('far', 'number', 'FAR', '空报率（FAR）'),
  col('csi', 'number', 'CSI', '临界成功指数（CSI）'),
  col('hits', 'integer', 'Hits', '命中数'),
  col('false_alarms', 'integer', 'False alarms', '空报数'),
  col('median_lead_time_min', 'number', 'Median lead time (min)', '提前量中位数（分钟）'),
  col('warning_minutes', 'number', 'Minutes under warning', '预警时长（分钟）'),
  col('on_front', 'text', 'On the Pareto front', '帕累托前沿'),
  col('current', 'text', 'Current rules', '当前规则'),
  col('recommended', 'text', 'Recommended', '推荐'),
];

const YES_NO = { en: ['yes', 'no'], 'zh-Hans': ['是', '否'], both: ['是 / yes', '否 / no'] } as const;
const distinct = (values: readonly (number | string)[]) => [...new Set(values)].join('/');

function rowOf(
  r: AdviseResult,
  site: AdviseSite,
  set: AdviceSet,
  yesNo: (b: boolean) => string,
): Record<string, SheetCell> {
  return {
    location_id: site.location_id,
    location_name: site.name,
    location_name_en: site.name_en,
    from: r.from,
    to: r.to,
    event_radius_km: site.event_definition.radius_km,
    event_gap_min: site.event_definition.gap_min,
    events: site.events,
    set_id: set.id,
    radii_km: set.rings.map((g) => g.radius_km).join('/'),
    all_clear_min: distinct(set.rings.map((g) => g.all_clear_min)),
    threshold: distinct(set.rings.map((g) => `${g.min_strokes}/${g.window_min}`)),
    predicted: yesNo(set.predicted),
    pod: set.pod,
    far: set.far,
    csi: set.csi,
    hits: set.hits,
    false_alarms: set.false_alarms,
    median_lead_time_min: set.median_lead_time_min,
    warning_minutes: Math.round(set.warning_minutes * 10) / 10,
    on_front: yesNo(set.on_front),
    current: yesNo(set.current),
    recommended: yesNo(site.recommended_set_id === set.id),
  };
}

function rowsOf(r: AdviseResult, lang: HeaderLang | 'csv'): Record<string, SheetCell>[] {
  const [yes, no] = lang === 'csv' ? YES_NO.en : YES_NO[lang ?? 'both'];
  const yesNo = (b: boolean) => (b ? yes : no);
  return r.sites.flatMap((site) => site.sets.map((set) => rowOf(r, site, set, yesNo)));
}

/** The table as CSV: English keys, times in UTC (ISO 8601), yes/no. */
export function adviseCsv(r: AdviseResult): string {
  const keys = ADVISE_COLUMNS.map((c) => c.key);
  return toCsv(
    keys,
    rowsOf(r, 'csv').map((row) => keys.map((k) => row[k] ?? null)),
  );
}

/** The table as one worksheet, headed and worded in `lang` (both when none), times in `timeZone`. */
export function adviseXlsx(r: AdviseResult, lang: HeaderLang, timeZone: string): Promise<Buffer> {
  const title = lang === 'en' ? 'Rules advice' : '规则建议';
  const sheet = namedForExport(ADVISE_COLUMNS, rowsOf(r, lang), lang);
  return sheetXlsx(title, sheet.columns, sheet.rows, lang, timeZone);
}
