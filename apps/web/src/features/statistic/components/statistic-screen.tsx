import { nameIn } from '@thunderwatch/shared/names';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useCurrentUser } from '../../../lib/current-user';
import { useLocations } from '../../../lib/locations';
import { useCities, useProvinces } from '../../../lib/regions';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useZoneChoices } from '../../../lib/zone-choices';
import { COMPASS_16 } from '../../../map/cells/cell-reach';
import {
  useStatsClimatology,
  useStatsPeakCurrent,
  useStatsRegions,
  useStatsSeries,
  useStatsStormDirections,
  useStatsSummary,
} from '../api/get-statistics';
import {
  heatmapChart,
  hourChart,
  type Labels,
  monthChart,
  peakChart,
  polarityChart,
  roseChart,
  seriesChart,
} from '../model/chart-options';
import {
  type AreaChoice,
  type AreaKind,
  areaParams,
  defaultPeriod,
  fileStem,
  periodProblem,
} from '../model/stats-model';
import { ChartCard } from './chart-card';
import { LocationSkill } from './location-skill';
import { RegionMap } from './region-map';
import { SummaryCards } from './summary-cards';
import '../statistic.css';

const AREA_KINDS: AreaKind[] = ['province', 'city', 'zone', 'location'];

/**
 * Lightning statistics of an area (a province, a city, a zone, a location) over a period of local days of the
 * user's time zone (sent as `time_zone` with every request, so the days match the overview's and sheets'): the
 * summary numbers (Ng, thunderstorm days), counts per day or month, polarity, peak currents, hour of day,
 * month of year, the hour × day heatmap and the regions map. Every chart downloads as PNG and as CSV.
 */
export function StatisticScreen() {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const [area, setArea] = useState<AreaChoice>({
    kind: 'province',
    province: '440000',
    city: '',
    zoneId: '',
    locationId: '',
  });
  // Until the user picks dates, the period is this year up to today in the user's zone (known once the
  // profile is loaded: nothing is asked before, so no request counts the days of another zone).
  const [picked, setPicked] = useState<{ from: string; to: string } | null>(null);
  const period = picked ?? defaultPeriod(new Date(), timeZone);
  const setPeriod = (change: (p: { from: string; to: string }) => { from: string; to: string }) =>
    setPicked(change(period));
  const ready = user.data !== undefined;
  const [interval, setInterval] = useState<'day' | 'month'>('month');
  const [metric, setMetric] = useState<'strokes' | 'ng' | 'thunderstorm_days'>('strokes');
  const provinces = useProvinces({ geometry: true });
  const cities = useCities(area.province || null, { geometry: true });
  const zoneChoices = useZoneChoices();
  const locationChoices = useLocations();
  const choices = { zones: zoneChoices.data?.items ?? [], locations: locationChoices.data?.items ?? [] };
  const problem = periodProblem(period.from, period.to);
  const where = areaParams(area);
  const params =
    ready && where && !problem ? { ...where, from: period.from, to: period.to, time_zone: timeZone } : null;
  const summary = useStatsSummary(params);
  const series = useStatsSeries(params, interval);
  const climatology = useStatsClimatology(params);
  const peak = useStatsPeakCurrent(params);
  const rose = useStatsStormDirections(params);
  const mapProvince = area.kind === 'city' || area.kind === 'province' ? area.province || null : null;
  const regions = useStatsRegions(
    problem ? null : mapProvince,
    period.from,
    period.to,
    timeZone,
    ready && !problem,
  );
  const outlines = mapProvince ? cities.data : provinces.data;
  const stem = (chart: string) => fileStem(chart, period.from, period.to);
  const name = (r: { name_zh: string; name_en: string }) => (zh ? r.name_zh : r.name_en);

  const labels: Labels = useMemo(
    () => ({
      cg: t('statistic.summary.cg'),
      ic: t('statistic.summary.ic'),
      strokes: t('statistic.metric.strokes'),
      period: t('statistic.col.period'),
      hour: t('statistic.col.hour', { zone: timeZone }),
      month: t('statistic.col.month'),
      day: t('statistic.col.day'),
      ka: t('statistic.col.ka'),
      polarity: t('statistic.col.polarity'),
      cgPos: t('statistic.polarity.cg_pos'),
      cgNeg: t('statistic.polarity.cg_neg'),
      icPos: t('statistic.polarity.ic_pos'),
      icNeg: t('statistic.polarity.ic_neg'),
      storms: t('statistic.col.storms'),
      direction: t('statistic.col.direction'),
      speed: t('statistic.col.speed'),
      compass: COMPASS_16.map((point) => t(`home.cell.compass.${point}`)),
    }),
    [t, timeZone],
  );
  const charts = useMemo(
    () => ({
      series: series.data ? seriesChart(series.data, labels) : null,
      polarity: summary.data ? polarityChart(summary.data, labels) : null,
      peak: peak.data ? peakChart(peak.data, labels) : null,
      hours: climatology.data ? hourChart(climatology.data, labels) : null,
      months: climatology.data ? monthChart(climatology.data, labels) : null,
      heatmap: climatology.data ? heatmapChart(climatology.data, labels) : null,
      rose: rose.data ? roseChart(rose.data, labels) : null,
    }),
    [series.data, summary.data, peak.data, climatology.data, rose.data, labels],
  );
  const set = (patch: Partial<AreaChoice>) => setArea((a) => ({ ...a, ...patch }));

  return (
    <Page title={t('screens.statistic')} intro={t('statistic.intro')}>
      <ErrorMessage
        error={summary.error ?? series.error ?? climatology.error ?? peak.error ?? regions.error}
      />
      <div className="toolbar st-toolbar">
        <label>
          <span>{t('statistic.area')}</span>
          <select value={area.kind} onChange={(e) => set({ kind: e.target.value as AreaKind })}>
            {AREA_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`statistic.area_kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {(area.kind === 'province' || area.kind === 'city') && (
          <label>
            <span>{t('statistic.area_kind.province')}</span>
            <select value={area.province} onChange={(e) => set({ province: e.target.value, city: '' })}>
              <option value="">—</option>
              {provinces.data?.items.map((p) => (
                <option key={p.code} value={p.code}>
                  {name(p)}
                </option>
              ))}
            </select>
          </label>
        )}
        {area.kind === 'city' && (
          <label>
            <span>{t('statistic.area_kind.city')}</span>
            <select value={area.city} onChange={(e) => set({ city: e.target.value })}>
              <option value="">—</option>
              {cities.data?.items.map((c) => (
                <option key={c.code} value={c.code}>
                  {name(c)}
                </option>
              ))}
            </select>
          </label>
        )}
        {area.kind === 'zone' && (
          <label>
            <span>{t('statistic.area_kind.zone')}</span>
            <select value={area.zoneId} onChange={(e) => set({ zoneId: e.target.value })}>
              <option value="">{choices.zones.length === 0 ? t('statistic.none') : '—'}</option>
              {choices.zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {area.kind === 'location' && (
          <label>
            <span>{t('statistic.area_kind.location')}</span>
            <select value={area.locationId} onChange={(e) => set({ locationId: e.target.value })}>
              <option value="">{choices.locations.length === 0 ? t('statistic.none') : '—'}</option>
              {choices.locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {nameIn(i18n.language, l)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span>{t('statistic.from')}</span>
          <input
            type="date"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </label>
        <label>
          <span>{t('statistic.to')}</span>
          <input
            type="date"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </label>
      </div>
      {problem && <p className="form-error">{t(`statistic.period_problem.${problem}`)}</p>}
      {!where && <p className="page-intro">{t('statistic.pick_area')}</p>}
      <p className="st-note">{t('statistic.zone_note', { zone: timeZone })}</p>
      {summary.data && <SummaryCards summary={summary.data} />}
      {area.kind === 'location' && area.locationId && <LocationSkill locationId={Number(area.locationId)} />}
      <div className="st-charts">
        {charts.series && (
          <div className="st-chart-wrap">
            <label className="st-inline">
              <span>{t('statistic.interval')}</span>
              <select value={interval} onChange={(e) => setInterval(e.target.value as 'day' | 'month')}>
                <option value="day">{t('statistic.per_day')}</option>
                <option value="month">{t('statistic.per_month')}</option>
              </select>
            </label>
            <ChartCard
              id="series"
              title={t('statistic.chart.series')}
              stem={stem(`strokes_per_${interval}`)}
              {...charts.series}
            />
          </div>
        )}
        {charts.polarity && (
          <ChartCard
            id="polarity"
            title={t('statistic.chart.polarity')}
            stem={stem('polarity')}
            {...charts.polarity}
          />
        )}
        {charts.peak && (
          <ChartCard
            id="peak"
            title={t('statistic.chart.peak')}
            stem={stem('peak_current')}
            {...charts.peak}
          />
        )}
        {charts.hours && (
          <ChartCard
            id="hours"
            title={t('statistic.chart.hours', { zone: timeZone })}
            stem={stem('hour_of_day')}
            {...charts.hours}
          />
        )}
        {charts.months && (
          <ChartCard
            id="months"
            title={t('statistic.chart.months')}
            stem={stem('month_of_year')}
            {...charts.months}
          />
        )}
        {charts.heatmap && (
          <ChartCard
            id="heatmap"
            title={t('statistic.chart.heatmap', { zone: timeZone })}
            stem={stem('hour_by_day')}
            tall
            {...charts.heatmap}
          />
        )}
        {charts.rose && (
          <ChartCard
            id="rose"
            title={t('statistic.chart.rose', { count: rose.data?.storms ?? 0 })}
            stem={stem('storm_directions')}
            {...charts.rose}
          />
        )}
        {outlines && regions.data && (
          <div className="st-chart-wrap st-wide">
            <label className="st-inline">
              <span>{t('statistic.metric_label')}</span>
              <select value={metric} onChange={(e) => setMetric(e.target.value as typeof metric)}>
                {(['strokes', 'ng', 'thunderstorm_days'] as const).map((m) => (
                  <option key={m} value={m}>
                    {t(`statistic.metric.${m}`)}
                  </option>
                ))}
              </select>
            </label>
            <RegionMap
              outlines={outlines}
              values={regions.data}
              metric={metric}
              stem={stem(`regions_${metric}`)}
            />
          </div>
        )}
      </div>
    </Page>
  );
}
