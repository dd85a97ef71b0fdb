import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useSensors } from '../../../lib/sensors';
import { useSensorSeries } from '../api/get-sensor-series';

// ECharts loads with the first chart opened, never with the board.
const SensorChart = lazy(() => import('./sensor-chart'));

/** The value a sensor list shows: a field mill's field, a met sensor's temperature and wind. */
function latestText(s: SensorDto): string {
  const v = s.latest?.values;
  if (!v) return '—';
  if (s.kind === 'efm') return v.field == null ? '—' : `${v.field.toFixed(2)} kV/m`;
  const parts = [
    v.temperature == null ? null : `${v.temperature.toFixed(1)} °C`,
    v.wind_speed == null ? null : `${v.wind_speed.toFixed(1)} m/s`,
  ];
  return parts.filter((p) => p !== null).join(' · ') || '—';
}

/** My group's field mills and met sensors with their latest readings; one opens a 6-hour chart. */
export function SensorPanel({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const sensors = useSensors();
  const [open, setOpen] = useState<string | null>(null);
  const series = useSensorSeries(open, 6);
  const items = sensors.data?.items ?? [];
  if (items.length === 0 && !sensors.error) return null;
  const shown = items.find((s) => s.id === open);
  return (
    <section className="panel rta-sensors" aria-labelledby="rta-sensors-title">
      <h2 id="rta-sensors-title">{t('realtimealert.sensors.title')}</h2>
      <ErrorMessage error={sensors.error ?? series.error} />
      <ul className="rta-sensor-list">
        {items.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-pressed={open === s.id}
              onClick={() => setOpen(open === s.id ? null : s.id)}
              data-testid={`sensor-${s.id}`}
            >
              <span className="rta-sensor-name">{s.name}</span>
              <span className="rta-sensor-kind">{t(`realtimealert.sensors.kind.${s.kind}`)}</span>
              <span className={s.online ? 'rta-sensor-online' : 'rta-sensor-offline'}>
                {t(s.online ? 'realtimealert.sensors.online' : 'realtimealert.sensors.offline')}
              </span>
              <span className="rta-sensor-value">{latestText(s)}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown && series.data && (
        <Suspense fallback={<div className="rta-sensor-chart" />}>
          <SensorChart name={shown.name} series={series.data} timeZone={timeZone} />
        </Suspense>
      )}
    </section>
  );
}
