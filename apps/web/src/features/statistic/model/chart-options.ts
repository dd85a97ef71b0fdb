import type {
  StatsClimatology,
  StatsPeakCurrent,
  StatsSeries,
  StatsStormDirections,
  StatsSummary,
} from '@thunderwatch/shared/schemas/statistics';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartTable } from '../components/chart-card';

/** ECharts options and the CSV tables behind the statistic screen's charts (labels passed in, translated). */

const TEXT = '#9aa7bd';
const GRID_LINE = '#26324a';
const CG = '#facc15';
const IC = '#38bdf8';

const axes = (categories: string[]) => ({
  animation: false,
  grid: { left: 52, right: 12, top: 36, bottom: 32, containLabel: false },
  legend: { top: 0, textStyle: { color: TEXT } },
  tooltip: { trigger: 'axis' as const },
  xAxis: { type: 'category' as const, data: categories, axisLabel: { color: TEXT } },
  yAxis: {
    type: 'value' as const,
    minInterval: 1,
    axisLabel: { color: TEXT },
    splitLine: { lineStyle: { color: GRID_LINE } },
  },
});

/** CG and IC strokes stacked per category. */
const cgIcBars = (cg: number[], ic: number[], l: Pick<Labels, 'cg' | 'ic'>) => [
  { type: 'bar', stack: 'n', name: l.cg, itemStyle: { color: CG }, data: cg },
  { type: 'bar', stack: 'n', name: l.ic, itemStyle: { color: IC }, data: ic },
];

export interface Chart {
  option: EChartsCoreOption;
  table: ChartTable;
}

export interface Labels {
  cg: string;
  ic: string;
  strokes: string;
  period: string;
  hour: string;
  month: string;
  day: string;
  ka: string;
  polarity: string;
  cgPos: string;
  cgNeg: string;
  icPos: string;
  icNeg: string;
  storms: string;
  direction: string;
  speed: string;
  /** The 16 compass points from north clockwise, in the reader's language. */
  compass: readonly string[];
}

/** Strokes per day or month, CG and IC stacked. */
export function seriesChart(s: StatsSeries, l: Labels): Chart {
  const t = s.items.map((i) => i.t);
  return {
    option: {
      ...axes(t),
      series: cgIcBars(
        s.items.map((i) => i.cg),
        s.items.map((i) => i.ic),
        l,
      ),
    },
    table: {
      header: [l.period, l.strokes, l.cg, l.ic, l.cgPos, l.cgNeg],
      rows: s.items.map((i) => [i.t, i.strokes, i.cg, i.ic, i.cg_pos, i.cg_neg]),
    },
  };
}

/** CG and IC strokes by polarity. */
export function polarityChart(s: StatsSummary, l: Labels): Chart {
  const names = [l.cgPos, l.cgNeg, l.icPos, l.icNeg];
  const values = [s.cg_pos, s.cg_neg, s.ic_pos, s.ic_neg];
  return {
    option: {
      ...axes(names),
      legend: undefined,
      series: [
        {
          type: 'bar',
          name: l.strokes,
          data: values.map((v, i) => ({ value: v, itemStyle: { color: i < 2 ? CG : IC } })),
        },
      ],
    },
    table: { header: [l.polarity, l.strokes], rows: names.map((n, i) => [n, values[i] ?? 0]) },
  };
}

/** Strokes per |peak current| bucket. */
export function peakChart(p: StatsPeakCurrent, l: Labels): Chart {
  const names = p.buckets.map((b) => (b.to_ka === null ? `≥${b.from_ka}` : `${b.from_ka}–${b.to_ka}`));
  return {
    option: {
      ...axes(names),
      legend: undefined,
      series: [
        {
          type: 'bar',
          name: l.strokes,
          itemStyle: { color: '#f97316' },
          data: p.buckets.map((b) => b.strokes),
        },
      ],
    },
    table: { header: [l.ka, l.strokes], rows: p.buckets.map((b, i) => [names[i] ?? '', b.strokes]) },
  };
}

/** Strokes per local hour of day (the zone the statistics were asked in). */
export function hourChart(c: StatsClimatology, l: Labels): Chart {
  const hours = c.hours.map((h) => String(h.hour).padStart(2, '0'));
  return {
    option: {
      ...axes(hours),
      series: cgIcBars(
        c.hours.map((h) => h.cg),
        c.hours.map((h) => h.strokes - h.cg),
        l,
      ),
    },
    table: { header: [l.hour, l.strokes, l.cg], rows: c.hours.map((h) => [h.hour, h.strokes, h.cg]) },
  };
}

/** Strokes per month of year. */
export function monthChart(c: StatsClimatology, l: Labels): Chart {
  const months = c.months.map((m) => String(m.month));
  return {
    option: {
      ...axes(months),
      series: cgIcBars(
        c.months.map((m) => m.cg),
        c.months.map((m) => m.strokes - m.cg),
        l,
      ),
    },
    table: { header: [l.month, l.strokes, l.cg], rows: c.months.map((m) => [m.month, m.strokes, m.cg]) },
  };
}

/** Strokes per local day × hour. */
export function heatmapChart(c: StatsClimatology, l: Labels): Chart | null {
  const h = c.heatmap;
  if (!h) return null;
  // The 95th percentile tops the scale: one burst hour must not leave every other hour dark.
  const sorted = h.values.map((v) => v[2] ?? 0).sort((a, b) => a - b);
  const max = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return {
    option: {
      animation: false,
      grid: { left: 44, right: 12, top: 12, bottom: 96 },
      tooltip: { position: 'top' },
      xAxis: { type: 'category', data: h.days.map((d) => d.slice(5)), axisLabel: { color: TEXT } },
      yAxis: {
        type: 'category',
        data: Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0')),
        axisLabel: { color: TEXT },
      },
      visualMap: {
        min: 0,
        max: Math.max(1, max),
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        textStyle: { color: TEXT },
        inRange: { color: ['#1e293b', '#facc15', '#ef4444'] },
      },
      series: [{ type: 'heatmap', name: l.strokes, data: h.values }],
    },
    table: {
      header: [l.day, l.hour, l.strokes],
      rows: h.values.map(([d, hour, n]) => [h.days[d ?? 0] ?? '', hour ?? 0, n ?? 0]),
    },
  };
}

/** Where storms moved to, as a polar rose of 16 sectors clockwise from north. */
export function roseChart(d: StatsStormDirections, l: Labels): Chart {
  return {
    option: {
      animation: false,
      tooltip: { trigger: 'item' },
      polar: { radius: ['8%', '75%'] },
      angleAxis: {
        type: 'category',
        data: [...l.compass],
        startAngle: 90 + 360 / 32,
        clockwise: true,
        axisLabel: { color: '#9aa7bd' },
      },
      radiusAxis: { minInterval: 1, axisLabel: { color: '#9aa7bd' } },
      series: [
        {
          type: 'bar',
          coordinateSystem: 'polar',
          name: l.storms,
          itemStyle: { color: CG },
          data: d.sectors.map((s) => s.storms),
        },
      ],
    },
    table: {
      header: [l.direction, l.storms, l.speed],
      rows: d.sectors.map((s, i) => [l.compass[i] ?? '', s.storms, s.mean_speed_kmh]),
    },
  };
}
