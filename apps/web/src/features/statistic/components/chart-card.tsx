import { BarChart, HeatmapChart, MapChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { useEChart } from '../../../lib/use-echart';
import { toCsv } from '../model/stats-model';

use([
  BarChart,
  HeatmapChart,
  MapChart,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export interface ChartTable {
  header: string[];
  rows: (string | number | null)[][];
}

/** One chart of the screen with its two downloads: the picture (PNG) and the numbers behind it (CSV). */
export function ChartCard({
  id,
  title,
  option,
  table,
  stem,
  tall,
}: {
  id: string;
  title: string;
  option: EChartsCoreOption;
  table: ChartTable;
  stem: string;
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const chart = useEChart(element, option);
  const png = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#111827' });
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${stem}.png`;
    document.body.append(link);
    link.click();
    link.remove();
  };
  const csv = () =>
    saveBlob(new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), `${stem}.csv`);
  return (
    <section className="st-chart" aria-labelledby={`st-${id}`} data-testid={`chart-${id}`}>
      <header className="st-chart-head">
        <h2 id={`st-${id}`}>{title}</h2>
        <div className="st-chart-actions">
          <button type="button" className="button button-secondary" onClick={png}>
            {t('statistic.download_png')}
          </button>
          <button type="button" className="button button-secondary" onClick={csv}>
            {t('statistic.download_csv')}
          </button>
        </div>
      </header>
      <div
        ref={element}
        className={tall ? 'st-chart-body st-chart-tall' : 'st-chart-body'}
        role="img"
        aria-label={title}
      />
    </section>
  );
}
