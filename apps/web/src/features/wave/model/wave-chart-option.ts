import type { WaveReading } from '@thunderwatch/shared/schemas/weather';
import { seriesOf } from './wave-stations';

export interface WaveChartText {
  height: string;
  period: string;
  direction: string;
  dominant: string;
  average: string;
  threshold: string;
  /** An instant as the axes and the tooltip show it. */
  time: (ms: number) => string;
}

export const HEIGHT_COLOR = '#38bdf8';
export const DOMINANT_COLOR = '#facc15';
export const AVERAGE_COLOR = '#a78bfa';
export const DIRECTION_COLOR = '#34d399';
export const THRESHOLD_COLOR = '#ef4444';

/** Three panels on one time axis: height with the alert threshold, the two periods, the mean direction. */
export function waveChartOption(readings: readonly WaveReading[], thresholdM: number, text: WaveChartText) {
  // Pixels, so each panel's axis name sits in the gap above it whatever the chart's width.
  const grids = [
    { top: 56, height: 110 },
    { top: 206, height: 90 },
    { top: 336, height: 80 },
  ].map((g) => ({ ...g, left: 8, right: 16, containLabel: true }));
  const xAxis = grids.map((_, i) => ({
    type: 'time' as const,
    gridIndex: i,
    axisLabel: { show: i === 2, hideOverlap: true, formatter: (ms: number) => text.time(ms) },
  }));
  const yAxis = [
    { name: text.height, min: 0, max: (v: { max: number }) => Math.ceil(Math.max(v.max, thresholdM) + 0.5) },
    { name: text.period, min: 0 },
    { name: text.direction, min: 0, max: 360, interval: 90 },
  ].map((y, i) => ({
    ...y,
    type: 'value' as const,
    gridIndex: i,
    nameTextStyle: { align: 'left' as const },
    splitLine: { lineStyle: { opacity: 0.2 } },
  }));
  const line = { type: 'line' as const, showSymbol: false, connectNulls: false };
  return {
    animation: false,
    textStyle: { color: '#cbd5e1' },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      valueFormatter: (v: unknown) => (v === null || v === undefined ? '–' : String(v)),
    },
    // Only the period panel has two lines to tell apart; the other panels' axis names say what they are.
    legend: { top: 0, left: 0, data: [text.dominant, text.average] },
    grid: grids,
    xAxis,
    yAxis,
    series: [
      {
        ...line,
        name: text.height,
        xAxisIndex: 0,
        yAxisIndex: 0,
        color: HEIGHT_COLOR,
        areaStyle: { opacity: 0.15 },
        data: seriesOf(readings, 'wave_height'),
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: THRESHOLD_COLOR, type: 'dashed', width: 1.5 },
          label: { formatter: text.threshold, position: 'insideEndTop', color: THRESHOLD_COLOR },
          data: [{ yAxis: thresholdM }],
        },
      },
      {
        ...line,
        name: text.dominant,
        xAxisIndex: 1,
        yAxisIndex: 1,
        color: DOMINANT_COLOR,
        data: seriesOf(readings, 'dominant_period'),
      },
      {
        ...line,
        name: text.average,
        xAxisIndex: 1,
        yAxisIndex: 1,
        color: AVERAGE_COLOR,
        data: seriesOf(readings, 'average_period'),
      },
      {
        // Directions wrap at 360°: dots, not a line that would cross the panel at each wrap.
        type: 'scatter' as const,
        name: text.direction,
        xAxisIndex: 2,
        yAxisIndex: 2,
        color: DIRECTION_COLOR,
        symbolSize: 4,
        data: seriesOf(readings, 'mean_direction').filter(([, v]) => v !== null),
      },
    ],
  };
}
