import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { HAZARD_COLORS } from '../../../map/aviation/flight-features';
import { useAirportAircraft, useAirports } from '../api/get-airport-aircraft';
import { AirportAlarms } from './airport-alarms';
import { altitudeText, aviationRows, hazardCounts } from './aviation-view';
import { formatKm } from './board-format';

/**
 * One airport's aircraft within 50 km (callsign, altitude, distance and hazard) and its flight alarms,
 * refreshed every 10 s.
 */
function AirportAircraft({ airport, timeZone }: { airport: LocationDto; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const near = useAirportAircraft(airport.id);
  const items = near.data?.items ?? [];
  const rows = aviationRows(items);
  const counts = hazardCounts(items);
  const titleId = `rta-aviation-${airport.id}`;
  return (
    <section className="panel rta-aviation" aria-labelledby={titleId} data-testid={`aviation-${airport.id}`}>
      <h2 id={titleId}>
        {t('realtimealert.aviation.title', { name: nameIn(i18n.language, airport) })}
        {airport.airport_icao && <span className="rta-aviation-icao">{airport.airport_icao}</span>}
      </h2>
      <p className="rta-aviation-summary">
        {t('realtimealert.aviation.summary', { count: items.length, km: near.data?.radius_km ?? 50 })}
        {counts.inside > 0 && (
          <span className="rta-hazard-chip" data-hazard="inside">
            {t('realtimealert.aviation.inside_count', { count: counts.inside })}
          </span>
        )}
        {counts.near > 0 && (
          <span className="rta-hazard-chip" data-hazard="near">
            {t('realtimealert.aviation.near_count', { count: counts.near })}
          </span>
        )}
      </p>
      <ErrorMessage error={near.error} />
      {near.isSuccess && items.length === 0 && (
        <p className="rta-muted">{t('realtimealert.aviation.none')}</p>
      )}
      {rows.length > 0 && (
        <table className="rta-aviation-table" data-testid={`aircraft-${airport.id}`}>
          <thead>
            <tr>
              <th scope="col">{t('realtimealert.aviation.callsign')}</th>
              <th scope="col" className="num">
                {t('realtimealert.aviation.altitude')}
              </th>
              <th scope="col" className="num">
                {t('realtimealert.aviation.distance')}
              </th>
              <th scope="col">{t('realtimealert.aviation.hazard')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.icao24} data-hazard={a.hazard}>
                <td className="rta-aviation-callsign">{a.callsign ?? a.icao24}</td>
                <td className="num">
                  {altitudeText(a) ?? (a.on_ground ? t('realtimealert.aviation.ground') : '—')}
                </td>
                <td className="num">{formatKm(a.distance_km)}</td>
                <td>
                  <span
                    className="rta-hazard-chip"
                    data-hazard={a.hazard}
                    style={{ background: HAZARD_COLORS[a.hazard] }}
                  >
                    {t(`realtimealert.aviation.hazard_${a.hazard}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AirportAlarms locationId={airport.id} timeZone={timeZone} />
    </section>
  );
}

/** The aviation view: a panel per airport location of my group (none: nothing shown). */
export function AviationPanel({ timeZone }: { timeZone: string }) {
  const airports = useAirports();
  if (!airports.data || airports.data.length === 0) return <ErrorMessage error={airports.error} />;
  return (
    <div className="rta-aviation-list">
      {airports.data.map((airport) => (
        <AirportAircraft key={airport.id} airport={airport} timeZone={timeZone} />
      ))}
    </div>
  );
}
