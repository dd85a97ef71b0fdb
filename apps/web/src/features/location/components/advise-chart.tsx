import type { AdviseSite } from '@thunderwatch/shared/schemas/advise';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../lib/use-echart';
import { pointOf, ringsSummary } from '../model/advise';

use([ScatterChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const CURRENT = '#1f6feb';
const RECOMMENDED = LEVEL_COLOURS[2];

/**
 * The site's rule sets as points, minutes under warning against POD (lazy-loaded with ECharts): every set
 * faint, the Pareto front as a line, the current rules a blue diamond, the recommended set a large orange
 * star.
 */
export default function AdviseChart({ site }: { site: AdviseSite }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    const byId = new Map(site.sets.map((s) => [s.id, s]));
    const summary = (id: string) => {
      const set = byId.get(id);
      if (!set) return id;
      const s = ringsSummary(set.rings);
      const rules = t('advise.rings_summary', s);
      return set.predicted ? `${rules} · ${t('advise.predicted')}` : rules;
    };
    const points = (ids: string[]) =>
      ids.flatMap((id) => {
        const set = byId.get(id);
        const point = set ? pointOf(set) : null;
        return point ? [{ value: point, id }] : [];
      });
    const names = {
      sets: t('advise.chart.sets'),
      front: t('advise.chart.front'),
      current: t('advise.chart.current'),
      recommended: t('advise.chart.recommended'),
    };
    const recommended = site.recommended_set_id ? [site.recommended_set_id] : [];
    return {
      animation: false,
      grid: { left: 8, right: 16, top: 56, bottom: 28, containLabel: true },
      legend: { top: 0, type: 'scroll' as const },
      tooltip: {
        trigger: 'item' as const,
        confine: true,
        formatter: (p: { data?: { id?: string; value?: [number, number] } }) => {
          const id = p.data?.id;
          const value = p.data?.value;
          if (!id || !value) return '';
          return `${summary(id)}<br/>${t('advise.chart.tooltip', {
            pod: Math.round(value[1] * 100),
            minutes: Math.round(value[0]),
          })}`;
        },
      },
      xAxis: {
        type: 'value' as const,
        name: t('advise.chart.x'),
        nameLocation: 'middle' as const,
        nameGap: 24,
        min: 0,
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value' as const,
        name: t('advise.chart.y'),
        // From the tenth below the lowest POD: the sets' differences stay readable; 100% is the top.
        min: (extent: { min: number }) => Math.max(0, Math.floor(extent.min * 10) / 10 - 0.1),
        max: 1,
        axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
      },
      series: [
        {
          name: names.sets,
          type: 'scatter' as const,
          data: points(site.sets.map((s) => s.id)),
          symbolSize: 6,
          itemStyle: { color: '#8b949e', opacity: 0.35 },
        },
        {
          name: names.front,
          type: 'line' as const,
          // The front's ids come by warning minutes: a line from least warning to most.
          data: points(site.front),
          symbolSize: 7,
          color: '#2e9e4f',
          lineStyle: { width: 2 },
        },
        {
          name: names.current,
          type: 'scatter' as const,
          data: points([site.current_set_id]),
          symbol: 'diamond',
          symbolSize: 14,
          color: CURRENT,
          itemStyle: { borderColor: '#fff', borderWidth: 1 },
          z: 4,
        },
        {
          name: names.recommended,
          type: 'scatter' as const,
          data: points(recommended),
          symbol: 'pin',
          symbolSize: 26,
          color: RECOMMENDED,
          itemStyle: { borderColor: '#fff', borderWidth: 1 },
          z: 5,
        },
      ],
    };
  }, [site, t]);
  useEChart(element, option);
  return (
    <div
      ref={element}
      className="advise-chart"
      role="img"
      aria-label={t('advise.chart.label')}
      data-testid="advise-chart"
    />
  );
}
