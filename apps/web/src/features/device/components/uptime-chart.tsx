import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../lib/use-echart';
import { STATUS_COLOURS } from '../../../map/devices/device-features';

use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

interface UptimeChartProps {
  days: readonly { date: string; uptime_pct: number | null }[];
  name: string;
}

/** Uptime % per local day (the user's zone) as bars (lazy-loaded with ECharts by the device drawer); unobserved days empty. */
export default function UptimeChart({ days, name }: UptimeChartProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 40, right: 8, top: 12, bottom: 28 },
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => (v == null ? '—' : `${v} %`) },
      xAxis: { type: 'category' as const, data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value' as const, min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar' as const,
          name: t('device.uptime.series'),
          data: days.map((d) => ({
            value: d.uptime_pct,
            itemStyle: {
              color:
                d.uptime_pct === null
                  ? STATUS_COLOURS.offline
                  : d.uptime_pct >= 99
                    ? STATUS_COLOURS.online
                    : STATUS_COLOURS.degraded,
            },
          })),
        },
      ],
    }),
    [days, t],
  );

  useEChart(element, option);

  return (
    <div
      ref={element}
      className="device-uptime"
      role="img"
      aria-label={t('device.uptime.label', { name })}
      data-testid="device-uptime"
    />
  );
}
