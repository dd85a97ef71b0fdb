import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useCurrentUser } from '../../../lib/current-user';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useOverview } from '../api/get-overview';
import { IndicatorCard } from './indicator-card';
import '../overview.css';

const TrendChart = lazy(() => import('./trend-chart'));

/**
 * The overview dashboard: the key indicators as cards, my group's locations per warning level, devices per
 * status, notification delivery, and strokes over the last seven days; refreshed every 15 s.
 */
export function OverviewScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const overview = useOverview(timeZone);
  const o = overview.data;
  return (
    <Page title={t('screens.overview')} intro={t('overview.intro')}>
      <ErrorMessage error={overview.error} />
      {o && (
        <>
          <div className="ov-cards">
            {o.indicators.map((indicator) => (
              <IndicatorCard key={indicator.id} indicator={indicator} />
            ))}
          </div>
          <div className="ov-panels">
            <section className="ov-panel" aria-labelledby="ov-warnings">
              <h2 id="ov-warnings">{t('overview.warnings.title')}</h2>
              <ul className="ov-levels">
                {(['red', 'orange', 'yellow'] as const).map((name, i) => (
                  <li key={name} data-testid={`overview-level-${name}`}>
                    <span className="ov-swatch" style={{ background: LEVEL_COLOURS[(3 - i) as 1 | 2 | 3] }} />
                    {t(`overview.warnings.${name}`)}
                    <strong>{o.warnings_by_level[name]}</strong>
                  </li>
                ))}
                <li className="ov-muted">
                  {t('overview.warnings.monitored')}
                  <strong>{o.warnings_by_level.monitored}</strong>
                </li>
              </ul>
              <Link to="/realtimealert">{t('overview.warnings.open')}</Link>
            </section>
            <section className="ov-panel" aria-labelledby="ov-devices">
              <h2 id="ov-devices">{t('overview.devices.title')}</h2>
              <ul className="ov-levels">
                {(['online', 'degraded', 'offline'] as const).map((s) => (
                  <li key={s}>
                    <span className={`ov-swatch ov-device-${s}`} />
                    {t(`device.status.${s}`)}
                    <strong>{o.devices[s]}</strong>
                  </li>
                ))}
              </ul>
              <Link to="/device">{t('overview.devices.open')}</Link>
            </section>
            <section className="ov-panel" aria-labelledby="ov-top">
              <h2 id="ov-top">{t('overview.top.title')}</h2>
              {o.top_regions.length === 0 ? (
                <p className="ov-muted">{t('overview.top.none')}</p>
              ) : (
                <ol className="ov-levels" data-testid="overview-top-regions">
                  {o.top_regions.map((r) => (
                    <li key={r.code}>
                      {i18n.language === 'zh-Hans' ? r.name_zh : r.name_en}
                      <strong>{r.strokes.toLocaleString()}</strong>
                    </li>
                  ))}
                </ol>
              )}
              <Link to="/statistic">{t('overview.top.open')}</Link>
            </section>
            <section className="ov-panel" aria-labelledby="ov-deliveries">
              <h2 id="ov-deliveries">{t('overview.deliveries.title')}</h2>
              <ul className="ov-levels">
                {(['sent', 'failed', 'pending'] as const).map((s) => (
                  <li key={s}>
                    {t(`overview.deliveries.${s}`)}
                    <strong>{o.deliveries_24h[s]}</strong>
                  </li>
                ))}
              </ul>
              <Link to="/notification">{t('overview.deliveries.open')}</Link>
            </section>
          </div>
          <section className="ov-panel ov-trend" aria-labelledby="ov-trend">
            <h2 id="ov-trend">{t('overview.trend_title')}</h2>
            <Suspense fallback={<div className="ov-trend-chart" />}>
              <TrendChart days={o.trend_7d} />
            </Suspense>
            <p className="ov-muted">
              {o.climatology_years > 0
                ? t('overview.climatology_years', { count: o.climatology_years })
                : t('overview.no_climatology')}
            </p>
          </section>
          <p className="ov-muted ov-footnote">
            {t('overview.as_of', { time: new Date(o.time).toLocaleTimeString(), zone: o.time_zone })}
          </p>
        </>
      )}
    </Page>
  );
}
