import type { DayCount } from '@thunderwatch/shared/schemas/overview';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { strokeBarsOption } from '../../../lib/stroke-bars';
import { useEChart } from '../../../lib/use-echart';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Strokes per local day over the last seven days, CG and IC stacked (today so far last). */
export default function TrendChart({ days }: { days: readonly DayCount[] }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const option = useMemo(
    () =>
      strokeBarsOption(
        days.map((d) => d.date.slice(5)),
        days.map((d) => d.cg),
        days.map((d) => d.strokes - d.cg),
        { cg: t('overview.series.cg'), ic: t('overview.series.ic') },
      ),
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
