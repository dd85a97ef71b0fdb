import type { DayCount } from '@thunderwatch/shared/schemas/overview';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../lib/use-echart';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Strokes per local day over the last seven days, CG and IC stacked (today so far last). */
export default function TrendChart({ days }: { days: readonly DayCount[] }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 8, top: 32, bottom: 28 },
      legend: { top: 0, textStyle: { color: '#9aa7bd' } },
      tooltip: { trigger: 'axis' as const },
      xAxis: { type: 'category' as const, data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { color: '#26324a' } } },
      series: [
        {
          type: 'bar' as const,
          stack: 'strokes',
          name: t('overview.series.cg'),
          itemStyle: { color: '#facc15' },
          data: days.map((d) => d.cg),
        },
        {
          type: 'bar' as const,
          stack: 'strokes',
          name: t('overview.series.ic'),
          itemStyle: { color: '#38bdf8' },
          data: days.map((d) => d.strokes - d.cg),
        },
      ],
    }),
    [days, t],
  );
  useEChart(element, option);
  return (
    <div
      ref={element}
      className="ov-trend-chart"
      role="img"
      aria-label={t('overview.trend_label', {
        list: days.map((d) => `${d.date}: ${d.strokes}`).join(', '),
      })}
      data-testid="overview-trend"
    />
  );
}
