import type { QueryGroup } from '@thunderwatch/shared/schemas/stroke-query';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../lib/use-echart';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** The query's groups as stacked CG/IC bars (lazy-loaded with ECharts). */
export default function QueryChart({ groups }: { groups: readonly QueryGroup[] }) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const zh = i18n.language === 'zh-Hans';
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 8, top: 32, bottom: groups.length > 40 ? 56 : 28 },
      legend: { top: 0, textStyle: { color: '#9aa7bd' } },
      tooltip: { trigger: 'axis' as const },
      xAxis: {
        type: 'category' as const,
        data: groups.map((g) => (zh ? g.name_zh : g.name_en) ?? g.key),
      },
      yAxis: { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { color: '#26324a' } } },
      dataZoom: groups.length > 40 ? [{ type: 'slider' as const, bottom: 8, height: 16 }] : [],
      series: [
        {
          type: 'bar' as const,
          stack: 's',
          name: t('statistics_query.cg'),
          itemStyle: { color: '#facc15' },
          data: groups.map((g) => g.cg),
        },
        {
          type: 'bar' as const,
          stack: 's',
          name: t('statistics_query.ic'),
          itemStyle: { color: '#38bdf8' },
          data: groups.map((g) => g.ic),
        },
      ],
    }),
    [groups, t, zh],
  );
  useEChart(element, option);
  return (
    <div
      ref={element}
      className="sq-chart"
      role="img"
      aria-label={t('statistics_query.chart_label')}
      data-testid="query-chart"
    />
  );
}
