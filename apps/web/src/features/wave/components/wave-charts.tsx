import type { WaveReading } from '@thunderwatch/shared/schemas/weather';
import { LineChart, ScatterChart } from 'echarts/charts';
import {
  AxisPointerComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, validZone } from '../../../lib/time';
import { useEChart } from '../../../lib/use-echart';
import { waveChartOption } from '../model/wave-chart-option';

// Only the parts the charts need, so the chunk stays small.
use([
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkLineComponent,
  AxisPointerComponent,
  CanvasRenderer,
]);

interface WaveChartsProps {
  name: string;
  readings: readonly WaveReading[];
  thresholdM: number;
  timeZone: string;
}

/** A station's height, periods and direction over the range (lazy-loaded with ECharts by the wave screen). */
export default function WaveCharts({ name, readings, thresholdM, timeZone }: WaveChartsProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const option = useMemo(() => {
    const format = new Intl.DateTimeFormat(localeOf(language), {
      timeZone: validZone(timeZone),
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return waveChartOption(readings, thresholdM, {
      height: t('wave.chart.height'),
      period: t('wave.chart.period'),
      direction: t('wave.chart.direction'),
      dominant: t('wave.chart.dominant'),
      average: t('wave.chart.average'),
      threshold: t('wave.chart.threshold', { m: thresholdM }),
      time: (ms) => format.format(new Date(ms)),
    });
  }, [readings, thresholdM, t, timeZone, language]);

  useEChart(element, option);

  return (
    <div
      ref={element}
      className="wave-charts"
      role="img"
      aria-label={t('wave.chart.label', { name })}
      data-testid="wave-charts"
    />
  );
}
