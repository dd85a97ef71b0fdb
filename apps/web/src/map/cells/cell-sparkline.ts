import type { CellProperties, CellTrack } from '@thunderwatch/shared/schemas/cells';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { JUMP_COLOR } from './cell-features';

/** The flash-rate sparkline of a cell's popup: total and CG flashes per minute, each lightning jump marked. */

export type SparklineOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export const TOTAL_COLOR = '#facc15';
export const CG_COLOR = '#38bdf8';

export interface SparklineText {
  total: string;
  cg: string;
  jump: string;
  /** A time on the axis and in the tooltip (the user's time zone). */
  time: (ms: number) => string;
}

/**
 * The times a cell jumped: the steps of its track flagged `jump`, and the step shown when it is flagged
 * itself (the track may not have loaded yet, or may end a step earlier).
 */
export function jumpTimes(cell: CellProperties, track: CellTrack | undefined): number[] {
  const times = new Set<number>();
  for (const step of track?.steps ?? []) if (step.jump) times.add(Date.parse(step.time));
  if (cell.jump) times.add(Date.parse(cell.time));
  return [...times].sort((a, b) => a - b);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The ECharts option; jumps outside the history's span are not marked (there is no point to put them on). */
export function sparklineOption(
  history: CellProperties['rate_history'],
  jumps: readonly number[],
  text: SparklineText,
): SparklineOption {
  const total = history.map((p) => [Date.parse(p.time), round1(p.total_per_min)] as [number, number]);
  const cg = history.map((p) => [Date.parse(p.time), round1(p.cg_per_min)] as [number, number]);
  const jumpSet = new Set(jumps);
  const marks = total
    .filter(([t]) => jumpSet.has(t))
    .map(([t, v]) => ({ coord: [t, v], value: text.jump, name: text.jump }));
  return {
    animation: false,
    grid: { left: 30, right: 8, top: 18, bottom: 20 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const rows = Array.isArray(params)
          ? (params as { value: [number, number]; seriesName: string }[])
          : [];
        const first = rows[0];
        if (!first) return '';
        const head = text.time(first.value[0]);
        const jumped = jumpSet.has(first.value[0]) ? ` · ${text.jump}` : '';
        return [`${head}${jumped}`, ...rows.map((r) => `${r.seriesName}: ${r.value[1]}`)].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      axisLabel: {
        color: '#8fa6c7',
        fontSize: 10,
        hideOverlap: true,
        formatter: (ms: number) => text.time(ms),
      },
      axisLine: { lineStyle: { color: '#3b5578' } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      splitNumber: 2,
      axisLabel: { color: '#8fa6c7', fontSize: 10 },
      splitLine: { lineStyle: { color: '#1f2f47' } },
    },
    series: [
      {
        name: text.total,
        type: 'line',
        data: total,
        showSymbol: false,
        lineStyle: { color: TOTAL_COLOR, width: 2 },
        itemStyle: { color: TOTAL_COLOR },
        areaStyle: { color: TOTAL_COLOR, opacity: 0.12 },
        markPoint: {
          symbol: 'pin',
          symbolSize: 26,
          itemStyle: { color: JUMP_COLOR },
          label: { show: true, formatter: '⚡', fontSize: 10 },
          data: marks,
        },
      },
      {
        name: text.cg,
        type: 'line',
        data: cg,
        showSymbol: false,
        lineStyle: { color: CG_COLOR, width: 1.5 },
        itemStyle: { color: CG_COLOR },
      },
    ],
  };
}
