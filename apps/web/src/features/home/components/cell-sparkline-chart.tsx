import type { CellProperties, CellTrack } from '@thunderwatch/shared/schemas/cells';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkPointComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHourMinute } from '../../../lib/time';
import { useEChart } from '../../../lib/use-echart';
import { CG_COLOR, jumpTimes, sparklineOption, TOTAL_COLOR } from '../../../map/cells/cell-sparkline';

// Only the parts the sparkline needs, so the chunk stays small.
use([LineChart, GridComponent, TooltipComponent, MarkPointComponent, CanvasRenderer]);

interface CellSparklineProps {
  cell: CellProperties;
  track: CellTrack | undefined;
  timeZone: string;
}

/** The cell's flash rates over its recent steps (lazy-loaded with ECharts by the cell popup). */
export default function CellSparkline({ cell, track, timeZone }: CellSparklineProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const text = useMemo(
    () => ({
      total: t('home.cell.chart_total'),
      cg: t('home.cell.chart_cg'),
      jump: t('home.cell.jump'),
      time: (ms: number) => formatHourMinute(ms, timeZone, language),
    }),
    [t, timeZone, language],
  );
  const option = useMemo(
    () => sparklineOption(cell.rate_history, jumpTimes(cell, track), text),
    [cell, track, text],
  );

  useEChart(element, option);

  return (
    <figure className="cell-chart">
      <figcaption>
        {t('home.cell.chart_title')}
        <span className="cell-chart-key">
          <span className="legend-swatch" style={{ background: TOTAL_COLOR }} />
          {text.total}
          <span className="legend-swatch" style={{ background: CG_COLOR }} />
          {text.cg}
        </span>
      </figcaption>
      <div ref={element} className="cell-sparkline" role="img" aria-label={t('home.cell.chart_title')} />
    </figure>
  );
}
