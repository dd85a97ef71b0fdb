import { nameIn, siteNameIn } from '@thunderwatch/shared/names';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';

interface WaveAlarmsProps {
  items: readonly WaveAlarm[] | undefined;
  timeZone: string;
  onStation: (id: string) => void;
}

/** My group's wave alarms that still hold; a click shows the station's charts. */
export function WaveAlarms({ items, timeZone, onStation }: WaveAlarmsProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="wave-alarms" aria-labelledby="wave-alarms-title">
      <h2 id="wave-alarms-title">{t('wave.alarms.title')}</h2>
      {items && items.length === 0 && <p className="muted">{t('wave.alarms.none')}</p>}
      <ul>
        {items?.map((a) => (
          <li key={a.id}>
            <button type="button" className="wave-alarm" onClick={() => onStation(a.station.id)}>
              <span className="wave-level" style={{ background: LEVEL_COLOURS[a.level] }}>
                {t(`wave.alarms.level_${a.level}`)}
              </span>
              <span>
                {t('wave.alarms.item', {
                  location: siteNameIn(i18n.language, a),
                  height: a.height_m,
                  station: nameIn(i18n.language, a.station),
                  km: a.distance_km,
                  threshold: a.threshold_m,
                })}
                <span className="muted">
                  {' '}
                  · {t('wave.alarms.since', { time: formatDateTime(a.raised_at, timeZone, i18n.language) })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
