import type { RegionList } from '@thunderwatch/shared/schemas/regions';
import type { StatsRegions } from '@thunderwatch/shared/schemas/statistics';
import { registerMap } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';

type Metric = 'strokes' | 'ng' | 'thunderstorm_days';

/** The choropleth: each province (or each city of the chosen province) coloured by a statistic. */
export function RegionMap({
  outlines,
  values,
  metric,
  stem,
}: {
  outlines: RegionList;
  values: StatsRegions;
  metric: Metric;
  stem: string;
}) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const mapName = useMemo(() => {
    const name = `tw-${outlines.items
      .map((r) => r.code)
      .join('')
      .slice(0, 40)}-${outlines.items.length}`;
    registerMap(name, {
      type: 'FeatureCollection',
      features: outlines.items
        .filter((r) => r.geometry)
        .map((r) => ({ type: 'Feature', properties: { name: r.code }, geometry: r.geometry })),
    } as never);
    return name;
  }, [outlines]);
  const label = t(`statistic.metric.${metric}`);
  const { option, table } = useMemo(() => {
    const value = (i: StatsRegions['items'][number]) =>
      metric === 'ng'
        ? Number((i.ng ?? 0).toFixed(3))
        : metric === 'strokes'
          ? i.strokes
          : i.thunderstorm_days;
    const names = new Map(values.items.map((i) => [i.code, zh ? i.name_zh : i.name_en]));
    const max = values.items.reduce((m, i) => Math.max(m, value(i)), 0);
    return {
      option: {
        animation: false,
        tooltip: {
          trigger: 'item',
          formatter: (p: { name: string; value: number }) =>
            `${names.get(p.name) ?? p.name}: ${Number.isFinite(p.value) ? p.value : 0}`,
        },
        visualMap: {
          min: 0,
          max: max > 0 ? max : 1,
          calculable: true,
          itemHeight: 90,
          left: 8,
          bottom: 8,
          textStyle: { color: '#9aa7bd' },
          inRange: { color: ['#1e293b', '#facc15', '#ef4444'] },
        },
        series: [
          {
            type: 'map',
            map: mapName,
            name: label,
            roam: true,
            itemStyle: { borderColor: '#64748b', areaColor: '#1e293b' },
            emphasis: { label: { show: false }, itemStyle: { areaColor: '#38bdf8' } },
            data: values.items.map((i) => ({ name: i.code, value: value(i) })),
          },
        ],
      },
      table: {
        header: [
          t('statistic.col.code'),
          t('statistic.col.name'),
          t('statistic.metric.strokes'),
          t('statistic.summary.cg'),
          t('statistic.metric.ng'),
          t('statistic.metric.thunderstorm_days'),
        ],
        rows: values.items.map((i) => [
          i.code,
          zh ? i.name_zh : i.name_en,
          i.strokes,
          i.cg,
          i.ng === null ? null : Number(i.ng.toFixed(4)),
          i.thunderstorm_days,
        ]),
      },
    };
  }, [values, metric, mapName, zh, label, t]);
  return (
    <ChartCard
      id="map"
      title={t('statistic.chart.map', { metric: label })}
      option={option}
      table={table}
      stem={stem}
      tall
    />
  );
}
