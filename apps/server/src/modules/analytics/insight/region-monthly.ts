import type { RegionMonthlyParameters } from '@thunderwatch/shared/schemas/insight';
import type { LoadedRegions } from '../../regions/regions-service.js';
import { resolveArea } from '../stroke-query/query-area.js';
import type { StrokeQueryRunner } from '../stroke-query/query-runner.js';
import { strokeBars } from './report-charts.js';
import type { ReportContent } from './report-content.js';
import { densityMapSvg } from './report-map.js';
import { fmt, monthRange } from './report-period.js';

const T = {
  en: {
    title: (name: string, month: string) => `Lightning report: ${name}, ${month}`,
    subtitle: (zone: string) => `Strokes located in the region in the month (local time, ${zone})`,
    summary: 'Summary',
    strokes: 'Strokes',
    cg: 'Cloud-to-ground',
    ic: 'Intracloud',
    positive: 'Positive CG+IC',
    maxKa: 'Largest |kA|',
    meanKa: 'Mean |kA|',
    perKm2: 'Strokes per km²',
    activeDays: 'Days with lightning',
    daily: 'Strokes per day',
    map: 'Where: stroke density',
    cities: 'Strokes per city',
    date: 'Date',
    city: 'City',
    none: 'No strokes were located in the region this month.',
  },
  'zh-Hans': {
    title: (name: string, month: string) => `${name}雷电月报（${month}）`,
    subtitle: (zone: string) =>
      zone === 'Asia/Shanghai'
        ? '统计期内该地区定位到的闪电（北京时间）'
        : `统计期内该地区定位到的闪电（当地时间，${zone}）`,
    summary: '概况',
    strokes: '回击数',
    cg: '地闪',
    ic: '云闪',
    positive: '正极性',
    maxKa: '最大电流强度（kA）',
    meanKa: '平均电流强度（kA）',
    perKm2: '每平方公里回击数',
    activeDays: '有雷电的天数',
    daily: '逐日闪电数',
    map: '闪电密度分布',
    cities: '各城市闪电数',
    date: '日期',
    city: '城市',
    none: '本月该地区没有定位到闪电。',
  },
};

/** The monthly lightning report of a province or city: figures, a daily chart, a density map, the cities. */
export async function regionMonthly(
  p: RegionMonthlyParameters,
  d: { runner: StrokeQueryRunner; regions: () => Promise<LoadedRegions>; timeZone: string },
): Promise<ReportContent> {
  const timeZone = p.time_zone ?? d.timeZone;
  const t = T[p.language];
  const loaded = await d.regions();
  const isProvince = p.region.endsWith('0000');
  const area = { kind: isProvince ? ('province' as const) : ('city' as const), code: p.region };
  const info = (isProvince ? loaded.byCode.province : loaded.byCode.city).get(p.region);
  const name = info ? (p.language === 'en' ? info.nameEn : info.nameZh) : p.region;
  const { from, to } = monthRange(p.month, timeZone);
  const resolved = await resolveArea(area, { regions: d.regions, zone: async () => null });
  const spec = { area, from: from.toISOString(), to: to.toISOString(), time_zone: timeZone };
  const daily = await d.runner.run({ ...spec, group_by: 'day' }, resolved);
  const totals = daily.totals;
  const content: ReportContent = {
    title: t.title(name, p.month),
    subtitle: t.subtitle(timeZone),
    language: p.language,
    timeZone,
    sections: [{ kind: 'heading', text: t.summary }],
  };
  const perKm2 = info && info.areaKm2 > 0 ? totals.strokes / info.areaKm2 : null;
  content.sections.push({
    kind: 'figures',
    items: [
      { label: t.strokes, value: fmt(totals.strokes) },
      { label: t.cg, value: fmt(totals.cg) },
      { label: t.ic, value: fmt(totals.ic) },
      { label: t.positive, value: fmt(totals.positive) },
      { label: t.maxKa, value: fmt(totals.max_abs_ka) },
      { label: t.meanKa, value: fmt(totals.mean_abs_ka) },
      { label: t.perKm2, value: perKm2 === null ? '—' : perKm2.toFixed(3) },
      { label: t.activeDays, value: fmt(daily.groups.length) },
    ],
  });
  if (totals.strokes === 0) {
    content.sections.push({ kind: 'paragraph', text: t.none });
    return content;
  }
  content.sections.push({
    kind: 'svg',
    title: t.daily,
    svg: strokeBars(
      daily.groups.map((g) => g.key.slice(5)),
      daily.groups.map((g) => g.cg),
      daily.groups.map((g) => g.ic),
      t,
    ),
  });
  const outline = isProvince ? loaded.provinces.polygonsOf(p.region) : loaded.cities.polygonsOf(p.region);
  if (outline)
    content.sections.push({
      kind: 'svg',
      title: t.map,
      svg: densityMapSvg(outline, daily.density.cells, daily.density.cell_deg, t.map),
    });
  content.sections.push({
    kind: 'table',
    sheet: {
      title: t.daily,
      columns: [t.date, t.strokes, t.cg, t.ic, t.maxKa],
      rows: daily.groups.map((g) => [g.key, g.strokes, g.cg, g.ic, g.max_abs_ka]),
    },
  });
  if (isProvince) {
    const cities = await d.runner.run({ ...spec, group_by: 'region' }, resolved);
    content.sections.push({
      kind: 'table',
      sheet: {
        title: t.cities,
        columns: [t.city, t.strokes, t.cg, t.ic, t.maxKa],
        rows: [...cities.groups]
          .sort((a, b) => b.strokes - a.strokes)
          .map((g) => [
            (p.language === 'en' ? g.name_en : g.name_zh) ?? g.key,
            g.strokes,
            g.cg,
            g.ic,
            g.max_abs_ka,
          ]),
      },
    });
  }
  return content;
}
