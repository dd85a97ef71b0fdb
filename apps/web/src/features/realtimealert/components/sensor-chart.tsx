import type { SensorSeriesDto } from '@thunderwatch/shared/schemas/sensors';
import { LineChart } from 'echarts/charts';
import { AxisPointerComponent, GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, validZone } from '../../../lib/time';
import { useEChart } from '../../../lib/use-echart';

use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, AxisPointerComponent, CanvasRenderer]);

/** The field-mill thresholds drawn on a field chart (kV/m, both signs count). */
const EFM_LINES = [2, 3.5, 5];

/** One sensor's series: the mean, with the min–max band of rolled-up points (lazy-loaded with ECharts). */
export default function SensorChart({
  name,
  series,
  timeZone,
}: {
  name: string;
  series: SensorSeriesDto;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const option = useMemo(() => {
    const format = new Intl.DateTimeFormat(localeOf(language), {
      timeZone: validZone(timeZone),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const at = (p: { time: string }) => Date.parse(p.time);
    const lines = series.element === 'field' ? EFM_LINES.flatMap((v) => [{ yAxis: v }, { yAxis: -v }]) : [];
    return {
      animation: false,
      grid: { left: 44, right: 12, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'time',
        min: Date.parse(series.from),
        max: Date.parse(series.to),
        axisLabel: { formatter: (ms: number) => format.format(new Date(ms)), hideOverlap: true },
      },
      yAxis: { type: 'value', name: series.unit, scale: true },
      series: [
        {
          name: t(`realtimealert.sensors.element.${series.element}`),
          type: 'line',
          showSymbol: false,
          data: series.points.map((p) => [at(p), p.mean]),
          markLine:
            lines.length > 0
              ? { silent: true, symbol: 'none', label: { position: 'insideEndTop' }, data: lines }
              : undefined,
        },
        ...(series.resolution === 'rollup'
          ? [
              {
                name: 'min',
                type: 'line',
                showSymbol: false,
                lineStyle: { opacity: 0.3 },
                data: series.points.map((p) => [at(p), p.min]),
              },
              {
                name: 'max',
                type: 'line',
                showSymbol: false,
                lineStyle: { opacity: 0.3 },
                data: series.points.map((p) => [at(p), p.max]),
              },
            ]
          : []),
      ],
    };
  }, [series, t, timeZone, language]);

  useEChart(element, option);

  return (
    <div
      ref={element}
      className="rta-sensor-chart"
      role="img"
      aria-label={t('realtimealert.sensors.chart_label', { name })}
      data-testid="sensor-chart"
    />
  );
}
