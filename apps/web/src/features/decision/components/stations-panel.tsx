import { nameIn } from '@thunderwatch/shared/names';
import type { StationWind } from '@thunderwatch/shared/schemas/decision';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { beaufortColor } from '../../../map/weather/beaufort-colors';

/** The force thresholds the table can show from (CMA's blue, yellow and orange gale levels start there). */
export const FORCE_THRESHOLDS = [6, 8, 10] as const;

const ARROWS = { rising: '↑', steady: '→', falling: '↓' } as const;

interface StationsPanelProps {
  stations: readonly StationWind[] | undefined;
  error: unknown;
}

const strongest = (s: StationWind) => Math.max(s.force ?? -1, s.gust_force ?? -1);

/** Stations at or above a force (mean or gust), strongest first, with their trend over the last hour. */
export function StationsPanel({ stations, error }: StationsPanelProps) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState<number>(6);
  const all = stations ?? [];
  const shown = all.filter((s) => strongest(s) >= from);
  const count = (threshold: number) => all.filter((s) => strongest(s) >= threshold).length;
  return (
    <section className="decision-panel decision-stations" aria-labelledby="decision-stations-title">
      <div className="decision-panel-head">
        <h2 id="decision-stations-title">{t('decision.stations.title')}</h2>
        <fieldset className="decision-thresholds">
          <legend className="visually-hidden">{t('decision.stations.threshold')}</legend>
          {FORCE_THRESHOLDS.map((f) => (
            <label key={f} className={from === f ? 'active' : undefined}>
              <input
                type="radio"
                name="decision-threshold"
                value={f}
                checked={from === f}
                onChange={() => setFrom(f)}
              />
              {t('decision.stations.at_least', { force: f, count: count(f) })}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="decision-units">{t('decision.stations.units')}</p>
      <ErrorMessage error={error} />
      <div className="decision-scroll">
        <table className="table table-dense decision-table">
          <thead>
            <tr>
              <th scope="col">{t('decision.stations.station')}</th>
              <th scope="col" className="numeric">
                {t('decision.stations.force')}
              </th>
              <th scope="col" className="numeric">
                {t('decision.stations.wind')}
              </th>
              <th scope="col" className="numeric">
                {t('decision.stations.gust')}
              </th>
              <th scope="col">{t('decision.stations.trend')}</th>
            </tr>
          </thead>
          <tbody>
            {stations !== undefined && shown.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {t('decision.stations.none', { force: from })}
                </td>
              </tr>
            )}
            {shown.map((s) => (
              <tr key={s.station.id}>
                <th scope="row">{nameIn(i18n.language, s.station)}</th>
                <td className="numeric">
                  <span className="decision-force" style={{ background: beaufortColor(s.force) }}>
                    {s.force ?? '–'}
                  </span>
                </td>
                <td className="numeric">{s.wind_speed?.toFixed(1) ?? '–'}</td>
                <td className="numeric">
                  {s.wind_gust === null ? '–' : `${s.wind_gust.toFixed(1)} (${s.gust_force})`}
                </td>
                <td>
                  {s.trend ? (
                    <span
                      className={`decision-trend decision-trend-${s.trend}`}
                      title={t('decision.stations.change', { change: s.change_ms_per_h })}
                    >
                      <span aria-hidden="true">{ARROWS[s.trend]}</span> {t(`decision.trend.${s.trend}`)}
                    </span>
                  ) : (
                    <span className="muted">{t('decision.trend.unknown')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
