import { localDateTimeSeconds } from '@thunderwatch/domain/common/local-time';
import { nameFor } from '@thunderwatch/shared/names';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { SiteAnnualParameters } from '@thunderwatch/shared/schemas/insight';
import { AppError } from '../../../lib/app-error.js';
import { strokeBars } from './report-charts.js';
import type { ReportContent } from './report-content.js';
import type { ReportDataRepo } from './report-data-repo.js';
import { fmt, yearRange } from './report-period.js';

/** The radius around a site whose strokes the protection report counts (the thunderstorm-day convention). */
export const SITE_RADIUS_KM = 10;

const T = {
  en: {
    title: (name: string, year: number) => `Lightning protection report: ${name}, ${year}`,
    subtitle: (zone: string) =>
      `Strokes within ${SITE_RADIUS_KM} km of the site in the year (local time, ${zone})`,
    summary: 'Design figures',
    ng: 'Ground flash density Ng (flashes/km²/year)',
    days: 'Thunderstorm days',
    flashes: 'CG flashes',
    cgStrokes: 'CG strokes',
    ic: 'IC strokes',
    maxKa: 'Largest |kA|',
    note: 'Ng counts the cloud-to-ground flashes (strokes grouped into flashes) within the radius, per km² of the circle; a thunderstorm day is a local day with at least one CG stroke within the radius (GB 50057 and IEC 62305-2 use both).',
    monthly: 'Strokes per month',
    largest: 'Largest strokes',
    time: (zone: string) => `Time (${zone})`,
    lat: 'Latitude',
    lon: 'Longitude',
    kA: 'Peak current (kA)',
    type: 'Type',
    cg: 'CG',
    icShort: 'IC',
    month: 'Month',
  },
  'zh-Hans': {
    title: (name: string, year: number) => `${name}防雷年度报告（${year} 年）`,
    subtitle: (zone: string) =>
      `该年内距站点 ${SITE_RADIUS_KM} 公里范围内的闪电（${zone === 'Asia/Shanghai' ? '北京时间' : `当地时间，${zone}`}）`,
    summary: '设计参数',
    ng: '地闪密度 Ng（次/km²/年）',
    days: '雷暴日',
    flashes: '地闪次数',
    cgStrokes: '地闪回击数',
    ic: '云闪回击数',
    maxKa: '最大电流强度（kA）',
    note: 'Ng 为半径范围内地闪（回击归并为闪电）的次数除以圆面积；雷暴日为半径范围内至少出现一次地闪回击的当地日（GB 50057 与 IEC 62305-2 均使用）。',
    monthly: '逐月闪电数',
    largest: '最强的闪电',
    time: (zone: string) => `时间（${zone}）`,
    lat: '纬度',
    lon: '经度',
    kA: '峰值电流（kA）',
    type: '类型',
    cg: '地闪',
    icShort: '云闪',
    month: '月份',
  },
};

/** A site's centre: a point's own position, or a polygon's vertex mean (the radius is drawn around it). */
export function siteCentre(shape: LocationShape): { lat: number; lon: number } {
  if (shape.type === 'Point')
    return { lon: shape.coordinates[0] as number, lat: shape.coordinates[1] as number };
  const ring = (shape.coordinates[0] ?? []).slice(0, -1);
  const sum = ring.reduce((a, p) => [a[0] + (p[0] as number), a[1] + (p[1] as number)], [0, 0]);
  return { lon: sum[0] / Math.max(ring.length, 1), lat: sum[1] / Math.max(ring.length, 1) };
}

/** The annual protection report of a site: Ng, thunderstorm days, the months and the largest strokes. */
export async function siteAnnual(
  p: SiteAnnualParameters,
  d: {
    data: ReportDataRepo;
    location: (id: number) => Promise<{ name: string; nameEn: string | null; shape: LocationShape } | null>;
    /** The deployment's zone, for a report asked for without one. */
    timeZone: string;
  },
): Promise<ReportContent> {
  const t = T[p.language];
  const site = await d.location(p.location_id);
  if (!site) throw new AppError('location.not_found', 404, 'No such location');
  const timeZone = p.time_zone ?? d.timeZone;
  const { from, to } = yearRange(p.year, timeZone);
  const circle = { ...siteCentre(site.shape), radiusKm: SITE_RADIUS_KM };
  const [year, largest] = await Promise.all([
    d.data.siteYear(from, to, circle, timeZone),
    d.data.largest(from, to, circle, 10),
  ]);
  const areaKm2 = Math.PI * SITE_RADIUS_KM ** 2;
  const months = Array.from(
    { length: 12 },
    (_, i) => year.months.find((m) => m.month === i + 1) ?? { month: i + 1, cg: 0, ic: 0 },
  );
  return {
    title: t.title(nameFor(p.language, site.name, site.nameEn), p.year),
    subtitle: t.subtitle(timeZone),
    language: p.language,
    timeZone,
    sections: [
      { kind: 'heading', text: t.summary },
      {
        kind: 'figures',
        items: [
          { label: t.ng, value: (year.cg_flashes / areaKm2).toFixed(2) },
          { label: t.days, value: fmt(year.thunder_days) },
          { label: t.flashes, value: fmt(year.cg_flashes) },
          { label: t.cgStrokes, value: fmt(year.cg_strokes) },
          { label: t.ic, value: fmt(year.ic_strokes) },
          { label: t.maxKa, value: fmt(year.max_abs_ka) },
        ],
      },
      { kind: 'paragraph', text: t.note },
      {
        kind: 'svg',
        title: t.monthly,
        svg: strokeBars(
          months.map((m) => String(m.month)),
          months.map((m) => m.cg),
          months.map((m) => m.ic),
          { cg: t.cg, ic: t.icShort },
        ),
      },
      {
        kind: 'table',
        sheet: {
          title: t.monthly,
          columns: [t.month, t.cg, t.icShort],
          rows: months.map((m) => [m.month, m.cg, m.ic]),
        },
      },
      {
        kind: 'table',
        sheet: {
          title: t.largest,
          columns: [t.time(timeZone), t.lat, t.lon, t.kA, t.type],
          rows: largest.map((s) => [
            localDateTimeSeconds(s.time, timeZone),
            Math.round(s.lat * 1e4) / 1e4,
            Math.round(s.lon * 1e4) / 1e4,
            Math.round(s.peak_ka * 10) / 10,
            s.is_ic ? t.icShort : t.cg,
          ]),
        },
      },
    ],
  };
}
