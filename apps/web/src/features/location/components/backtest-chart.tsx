import type { BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../lib/time';
import { levelSeries, predictedSeries, shortTime } from '../model/backtest-compare';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface BacktestChartProps {
  a: BacktestResult;
  b: BacktestResult;
  timeZone: string;
}

/**
 * The level over the range under rule set A and B, as two step lines on one time axis; a set's predicted
 * periods (lightning jump) are drawn over its line as a wide dotted band with a marker where each begins,
 * named in the legend.
 */
export function BacktestChart({ a, b, timeZone }: BacktestChartProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = echarts.init(element, null, { renderer: 'canvas' });
    const levelName = (level: number) => t(`backtest.levels.${level}`);
    const predictedName = (set: string) => t('backtest.predicted_of', { set });
    const predicted = [
      { set: t('backtest.set_a'), r: a, color: '#1f6feb' },
      { set: t('backtest.set_b'), r: b, color: LEVEL_COLOURS[2] },
    ]
      .filter(({ r }) => r.timeline.some((s) => s.predicted))
      .map(({ set, r, color }) => ({
        name: predictedName(set),
        // A marker where each period begins, seen also when the period is short on a long range.
        data: predictedSeries(r).map((point, i, all) =>
          i === 0 || all[i - 1]?.[1] === null
            ? { value: point, symbol: 'triangle', symbolSize: 11 }
            : { value: point },
        ),
        color,
        lineStyle: { type: 'dotted' as const, width: 8, opacity: 0.45 },
      }));
    chart.setOption({
      animation: false,
      grid: { left: 8, right: 12, top: 32, bottom: 8, containLabel: true },
      legend: { top: 0, data: [t('backtest.set_a'), t('backtest.set_b'), ...predicted.map((p) => p.name)] },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => (value === null ? '–' : levelName(Number(value))),
      },
      xAxis: {
        type: 'time',
        axisLabel: {
          hideOverlap: true,
          formatter: (ms: number) => shortTime(ms, timeZone, localeOf(i18n.language)),
        },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: 3,
        interval: 1,
        axisLabel: { formatter: (v: number) => levelName(v) },
      },
      series: [
        { name: t('backtest.set_a'), data: levelSeries(a), color: '#1f6feb' },
        {
          name: t('backtest.set_b'),
          data: levelSeries(b),
          color: LEVEL_COLOURS[2],
          lineStyle: { type: 'dashed' },
        },
        ...predicted,
      ].map((s) => ({
        ...s,
        type: 'line',
        step: 'end',
        symbol: 'none',
        lineStyle: { width: 2, ...s.lineStyle },
      })),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [a, b, t, timeZone, i18n.language]);

  return (
    <div
      ref={box}
      className="backtest-chart"
      role="img"
      aria-label={t('backtest.chart_label')}
      data-testid="backtest-chart"
    />
  );
}
