import { nameIn } from '@thunderwatch/shared/names';
import type { CellFeature, CellTrack } from '@thunderwatch/shared/schemas/cells';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHourMinute } from '../../../lib/time';
import { LIFECYCLE_COLORS, STATIONARY_KMH } from '../../../map/cells/cell-features';
import { cellAgeMin, compass16, nowcastReach } from '../../../map/cells/cell-reach';
import '../cells.css';

// ECharts loads only when a cell's popup first opens, never with the map.
const CellSparkline = lazy(() => import('./cell-sparkline-chart'));

interface CellDetailsProps {
  /** The cell at the time shown; undefined when it is not tracked then (the popup stays, saying so). */
  cell: CellFeature | undefined;
  track: CellTrack | undefined;
  locations: readonly { name: string; name_en?: string | null; shape: LocationShape }[];
  timeZone: string;
}

const one = (v: number) => (Math.round(v * 10) / 10).toLocaleString();

/**
 * What a storm cell's popup says: stage, rates (or that radar alone sees it), motion, size, its radar echo's
 * peak reflectivity where it has one, age, jump, where it is heading, rate chart.
 */
export function CellDetails({ cell, track, locations, timeZone }: CellDetailsProps) {
  const { t, i18n } = useTranslation();
  if (!cell) return <p className="muted">{t('home.cell.gone')}</p>;
  const p = cell.properties;
  const motion = p.motion;
  const reach = nowcastReach(
    cell,
    locations.map((l) => ({ name: nameIn(i18n.language, l), shape: l.shape })),
  );
  const furthest = Math.max(0, ...p.nowcast.map((n) => n.lead_min));
  const time = (ms: number) => formatHourMinute(ms, timeZone, i18n.language);
  return (
    <div className="cell-details">
      <h2>
        <span className="legend-swatch" style={{ background: LIFECYCLE_COLORS[p.lifecycle] }} />
        {t('home.cell.title', { id: p.id })}
        {p.jump && <span className="badge cell-jump-badge">⚡ {t('home.cell.jump')}</span>}
      </h2>
      <dl className="stroke-facts">
        <dt>{t('home.cell.lifecycle')}</dt>
        <dd>
          {t(`home.cell.lifecycle_${p.lifecycle}`)}
          {p.parents.length > 0 && (
            <span className="muted"> · {t('home.cell.parents', { ids: p.parents.join(', ') })}</span>
          )}
        </dd>
        <dt>{t('home.cell.rate')}</dt>
        <dd>
          {p.made_from === 'radar'
            ? t('home.cell.radar_only')
            : t('home.cell.rate_value', { total: one(p.flash_rate_per_min), cg: one(p.cg_rate_per_min) })}
        </dd>
        <dt>{t('home.cell.trend')}</dt>
        <dd>
          {t(`home.cell.trend_${p.trend}`)}
          {p.jump_sigma !== null && (
            <span className={p.jump ? 'cell-jump-text' : 'muted'}>
              {' '}
              · {t('home.cell.sigma', { sigma: one(p.jump_sigma) })}
            </span>
          )}
        </dd>
        <dt>{t('home.cell.motion')}</dt>
        <dd>
          {!motion
            ? t('home.cell.motion_unknown')
            : motion.speed_kmh < STATIONARY_KMH
              ? t('home.cell.stationary')
              : t('home.cell.motion_value', {
                  speed: Math.round(motion.speed_kmh),
                  point: t(`home.cell.compass.${compass16(motion.direction_deg)}`),
                  deg: Math.round(motion.direction_deg) % 360,
                })}
        </dd>
        <dt>{t('home.cell.area')}</dt>
        <dd>{t('home.cell.area_value', { km2: Math.round(p.area_km2).toLocaleString() })}</dd>
        {p.max_dbz !== null && (
          <>
            <dt>{t('home.cell.max_dbz')}</dt>
            <dd data-testid="cell-max-dbz">
              {t('home.cell.max_dbz_value', { dbz: one(p.max_dbz) })}
              {p.radar_area_km2 !== null && (
                <span className="muted">
                  {' '}
                  · {t('home.cell.radar_area', { km2: Math.round(p.radar_area_km2).toLocaleString() })}
                </span>
              )}
            </dd>
          </>
        )}
        <dt>{t('home.cell.age')}</dt>
        <dd>{t('home.cell.age_value', { minutes: cellAgeMin(p), time: time(Date.parse(p.born_at)) })}</dd>
      </dl>
      <div className="cell-nowcast" data-testid="cell-nowcast">
        {p.nowcast.length === 0 ? (
          <p className="muted">{t('home.cell.nowcast_unknown')}</p>
        ) : reach.length === 0 ? (
          <p>{t('home.cell.nowcast_none', { minutes: furthest })}</p>
        ) : (
          <ul>
            {reach.slice(0, 4).map((r) => (
              <li key={r.name} className={r.leadMin <= 15 ? 'cell-reach-soon' : undefined}>
                {r.leadMin === 0
                  ? t('home.cell.nowcast_inside', { name: r.name })
                  : t('home.cell.nowcast_reach', { name: r.name, minutes: r.leadMin })}
              </li>
            ))}
            {reach.length > 4 && (
              <li className="muted">{t('home.cell.nowcast_more', { n: reach.length - 4 })}</li>
            )}
          </ul>
        )}
        {p.nowcast.length > 0 && (
          <p className="muted cell-note">
            {t('home.cell.nowcast_note', { leads: p.nowcast.map((n) => `+${n.lead_min}`).join('/') })}
          </p>
        )}
      </div>
      {p.rate_history.length > 1 && (
        <Suspense fallback={<div className="cell-sparkline muted">{t('home.cell.chart_loading')}</div>}>
          <CellSparkline cell={p} track={track} timeZone={timeZone} />
        </Suspense>
      )}
    </div>
  );
}
