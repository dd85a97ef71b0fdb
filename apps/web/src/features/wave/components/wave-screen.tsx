import { nameIn } from '@thunderwatch/shared/names';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCurrentUser } from '../../../lib/current-user';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useWaveLatest } from '../../../lib/wave-latest';
import { MapWorkspace } from '../../../map/map-workspace';
import { useWaveAlarms } from '../api/get-wave-alarms';
import { useWaveSeries } from '../api/get-wave-series';
import { WAVE_RANGES, type WaveRange } from '../model/wave-stations';
import { WaveAlarms } from './wave-alarms';
import { WaveMap } from './wave-map';
import '../wave.css';

// ECharts loads with the first station's charts, never with the map.
const WaveCharts = lazy(() => import('./wave-charts'));

/**
 * Sea waves: the stations on the map in their Douglas colours, my group's open wave alarms, and one
 * station's height, periods and direction over 24 h, 3 or 7 days. Everything refreshes every five minutes.
 */
export function WaveScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const latest = useWaveLatest();
  const alarms = useWaveAlarms();
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: string; lngLat: [number, number] } | null>(null);
  const [range, setRange] = useState<WaveRange>('24h');
  const nameOf = (s: { name: string; name_en: string | null }) => nameIn(i18n.language, s);
  const stations = [...(latest.data?.stations ?? [])].sort((a, b) =>
    nameOf(a.station).localeCompare(nameOf(b.station), i18n.language),
  );
  // Until one is chosen, the roughest sea.
  const roughest = [...stations].sort(
    (a, b) => (b.readings.at(-1)?.wave_height ?? -1) - (a.readings.at(-1)?.wave_height ?? -1),
  )[0];
  const stationId = chosen ?? roughest?.station.id ?? null;
  const series = useWaveSeries(stationId, WAVE_RANGES[range]);
  const shown = series.data?.stations[0];
  const threshold = latest.data?.alert_height_m ?? series.data?.alert_height_m ?? 4;
  const empty = latest.isSuccess && stations.length === 0;

  const openStation = (pick: { id: string; lngLat: [number, number] } | null) => {
    setOpen(pick);
    if (pick) setChosen(pick.id);
  };

  return (
    <MapWorkspace
      title={t('screens.wave')}
      map={
        <WaveMap
          data={latest.data}
          open={open}
          onOpen={openStation}
          timeZone={timeZone}
          ready={!latest.isPending}
        />
      }
    >
      <p className="page-intro">{t('wave.intro', { m: threshold })}</p>
      <ErrorMessage error={latest.error ?? alarms.error ?? series.error} />
      {empty ? (
        <p className="wave-empty" data-testid="wave-empty">
          {t('wave.empty')}
        </p>
      ) : (
        <>
          <WaveAlarms items={alarms.data?.items} timeZone={timeZone} onStation={setChosen} />
          <div className="wave-controls">
            <label>
              <span>{t('wave.station')}</span>
              <select value={stationId ?? ''} onChange={(e) => setChosen(e.target.value)}>
                {stations.map((s) => (
                  <option key={s.station.id} value={s.station.id}>
                    {nameOf(s.station)} ({s.station.id})
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="wave-range">
              <legend>{t('wave.range.label')}</legend>
              {(Object.keys(WAVE_RANGES) as WaveRange[]).map((r) => (
                <button
                  key={r}
                  type="button"
                  className={r === range ? 'button' : 'button button-secondary'}
                  aria-pressed={r === range}
                  onClick={() => setRange(r)}
                >
                  {t(`wave.range.${r}`)}
                </button>
              ))}
            </fieldset>
          </div>
          {shown && shown.readings.length === 0 && <p className="muted">{t('wave.no_readings')}</p>}
          {shown && shown.readings.length > 0 && (
            <Suspense fallback={<div className="wave-charts" />}>
              <WaveCharts
                name={nameOf(shown.station)}
                readings={shown.readings}
                thresholdM={threshold}
                timeZone={timeZone}
              />
            </Suspense>
          )}
        </>
      )}
    </MapWorkspace>
  );
}
