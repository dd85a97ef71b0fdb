import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatHourMinute } from '../../../lib/time';
import { useAirportAlarms } from '../api/get-airport-aircraft';

/** Rows shown before "show all": the open alarms are always shown. */
const FIRST_ROWS = 6;

/** A flight alarm is raised at orange (2) or red (3). */
const level = (l: number): 2 | 3 => (l === 3 ? 3 : 2);

/** An airport's flight alarms of the last 24 h under its aircraft: open ones first, then newest first. */
export function AirportAlarms({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const alarms = useAirportAlarms(locationId);
  const [all, setAll] = useState(false);
  const items = alarms.data?.items ?? [];
  const open = items.filter((a) => a.cleared_at === null).length;
  const shown = all ? items : items.slice(0, Math.max(FIRST_ROWS, open));
  const time = (iso: string) => formatHourMinute(Date.parse(iso), timeZone, i18n.language);
  const titleId = `rta-flight-alarms-${locationId}`;
  return (
    <section className="rta-flight-alarms" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('realtimealert.aviation.alarms_title')}</h3>
      <ErrorMessage error={alarms.error} />
      {alarms.isSuccess && items.length === 0 && (
        <p className="rta-muted">{t('realtimealert.aviation.alarms_none')}</p>
      )}
      {items.length > 0 && (
        <table className="rta-aviation-table">
          <thead>
            <tr>
              <th scope="col">{t('realtimealert.aviation.alarm_raised')}</th>
              <th scope="col">{t('realtimealert.aviation.callsign')}</th>
              <th scope="col" className="num">
                {t('realtimealert.aviation.distance')}
              </th>
              <th scope="col">{t('realtimealert.aviation.alarm_state')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a) => (
              <tr key={a.id} data-open={a.cleared_at === null}>
                <td>
                  <time dateTime={a.raised_at}>{time(a.raised_at)}</time>{' '}
                  <span
                    className="rta-level-chip"
                    data-level={level(a.level)}
                    style={{ background: LEVEL_COLOURS[level(a.level)] }}
                  >
                    {t(`realtimealert.aviation.alarm_level_${level(a.level)}`)}
                  </span>
                </td>
                <td className="rta-aviation-callsign">{a.callsign ?? a.icao24}</td>
                <td className="num">{a.distance_km.toFixed(1)}</td>
                <td>
                  {a.cleared_at === null
                    ? t('realtimealert.aviation.alarm_open')
                    : t('realtimealert.aviation.alarm_cleared', { time: time(a.cleared_at) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {items.length > shown.length && (
        <button type="button" className="button button-secondary button-small" onClick={() => setAll(true)}>
          {t('realtimealert.aviation.alarms_all', { count: items.length })}
        </button>
      )}
    </section>
  );
}
