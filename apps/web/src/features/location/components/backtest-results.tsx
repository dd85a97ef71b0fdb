import type { BacktestAlert, BacktestResult } from '@thunderwatch/shared/schemas/backtest';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../lib/time';
import { shortTime, skillRows } from '../model/backtest-compare';
import { BacktestChart } from './backtest-chart';

interface BacktestResultsProps {
  a: BacktestResult;
  b: BacktestResult;
  timeZone: string;
}

/** Two replays of one range: the levels on one chart, the skill figures with B's difference, the alerts. */
export function BacktestResults({ a, b, timeZone }: BacktestResultsProps) {
  const { t } = useTranslation();
  const rows = skillRows(a.skill, b.skill);
  return (
    <div className="backtest-results" data-testid="backtest-results">
      <p className="field-hint">{t('backtest.replayed', { strokes: a.strokes, events: a.skill.events })}</p>
      <BacktestChart a={a} b={b} timeZone={timeZone} />
      <div className="table-wrap">
        <table className="table table-dense backtest-skill" data-testid="backtest-skill">
          <thead>
            <tr>
              <th scope="col">{t('backtest.figure')}</th>
              <th scope="col">{t('backtest.set_a')}</th>
              <th scope="col">{t('backtest.set_b')}</th>
              <th scope="col">{t('backtest.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`backtest-skill-${row.key}`}>
                <th scope="row">{t(`backtest.skill.${row.key}`)}</th>
                <td>{row.a}</td>
                <td>{row.b}</td>
                <td className={row.verdict ? `backtest-${row.verdict}` : undefined}>
                  {row.diff}
                  {row.verdict && <span className="visually-hidden"> ({t(`backtest.${row.verdict}`)})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="backtest-sets">
        <AlertsOf
          title={t('backtest.alerts_of', { set: t('backtest.set_a') })}
          alerts={a.alerts}
          timeZone={timeZone}
          testId="backtest-alerts-a"
        />
        <AlertsOf
          title={t('backtest.alerts_of', { set: t('backtest.set_b') })}
          alerts={b.alerts}
          timeZone={timeZone}
          testId="backtest-alerts-b"
        />
      </div>
    </div>
  );
}

function AlertsOf({
  title,
  alerts,
  timeZone,
  testId,
}: {
  title: string;
  alerts: BacktestAlert[];
  timeZone: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) =>
    iso ? shortTime(Date.parse(iso), timeZone, localeOf(i18n.language)) : t('backtest.still_on');
  return (
    <section className="backtest-set" data-testid={testId}>
      <h3>
        {title} <span className="muted">({alerts.length})</span>
      </h3>
      {alerts.length === 0 ? (
        <p className="muted">{t('backtest.no_alerts')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-dense">
            <thead>
              <tr>
                <th scope="col">{t('backtest.started')}</th>
                <th scope="col">{t('backtest.ended')}</th>
                <th scope="col">{t('backtest.peak')}</th>
                <th scope="col">{t('backtest.lead')}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.started_at} className={alert.predicted ? 'backtest-predicted-row' : undefined}>
                  <td>
                    {time(alert.started_at)}
                    {alert.predicted && (
                      <span className="backtest-predicted-badge" title={t('backtest.predicted_title')}>
                        {t('backtest.predicted_badge')}
                      </span>
                    )}
                  </td>
                  <td>{time(alert.ended_at)}</td>
                  <td>
                    <span
                      className="backtest-level"
                      style={{ borderLeftColor: LEVEL_COLOURS[alert.peak_level] }}
                    >
                      {t(`backtest.levels.${alert.peak_level}`)}
                    </span>
                  </td>
                  <td>
                    {alert.warned_before_first_inner === null
                      ? '–'
                      : alert.warned_before_first_inner
                        ? t('backtest.lead_min', { min: Math.round(alert.lead_time_min ?? 0) })
                        : t('backtest.not_warned')}
                    {alert.predicted_lead_min !== null && (
                      <span className="muted">
                        {' '}
                        {t('backtest.predicted_lead', { min: Math.round(alert.predicted_lead_min) })}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
