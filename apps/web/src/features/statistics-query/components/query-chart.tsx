import type { QueryGroup } from '@thunderwatch/shared/schemas/stroke-query';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { strokeBarsOption } from '../../../lib/stroke-bars';
import { useEChart } from '../../../lib/use-echart';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** The query's groups as stacked CG/IC bars (lazy-loaded with ECharts). */
export default function QueryChart({ groups }: { groups: readonly QueryGroup[] }) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const zh = i18n.language === 'zh-Hans';
  const option = useMemo(() => {
    const many = groups.length > 40;
    return {
      ...strokeBarsOption(
        groups.map((g) => (zh ? g.name_zh : g.name_en) ?? g.key),
        groups.map((g) => g.cg),
        groups.map((g) => g.ic),
        { cg: t('statistics_query.cg'), ic: t('statistics_query.ic') },
        { bottom: many ? 56 : 28 },
      ),
      dataZoom: many ? [{ type: 'slider' as const, bottom: 8, height: 16 }] : [],
    };
  }, [groups, t, zh]);
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
