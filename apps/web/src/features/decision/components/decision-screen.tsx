import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { can, useCurrentUser } from '../../../lib/current-user';
import { useRotationParam } from '../../../lib/scenes';
import { useStationWinds } from '../../../lib/station-winds';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import { FitBounds } from '../../../map/fit-bounds';
import { MapView } from '../../../map/map-view';
import { RotationLayers } from '../../../map/scene/rotation-layers';
import { RotationCaption } from '../../../map/scene/rotation-map';
import { typhoonMapData } from '../../../map/weather/typhoon-features';
import { TyphoonLayer } from '../../../map/weather/typhoon-layer';
import { WindStationsLayer } from '../../../map/weather/wind-stations-layer';
import { useOfficialWarnings } from '../api/get-official-warnings';
import { useActiveStorms } from '../api/get-storms';
import { currentSituation } from '../hooks/situation';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLiveDecision } from '../hooks/use-live-decision';
import { useNow } from '../hooks/use-now';
import { ChecklistPanel } from './checklist-panel';
import { DecisionHeader } from './decision-header';
import { ForceLegend } from './force-legend';
import { StationsPanel } from './stations-panel';
import { WarningsPanel } from './warnings-panel';
import '../decision.css';

/** South China's coast, where the demo's typhoon comes ashore; the map then fits the stations. */
const INITIAL_VIEW = { center: [113.5, 22.6] as [number, number], zoom: 6 };
const ignorePick = () => undefined;
/** The screen draws the storms itself; a scene's typhoon layer would be a second copy. */
const OWN_LAYERS = ['typhoons'];

/**
 * The gale warning wall screen: stations by Beaufort force with the storms' tracks, the official gale and
 * typhoon warnings, the stations at gale, and the checklist of the level in force. Fits 1920×1080 and
 * 1366×768 without page scrolling (panels scroll inside); stacks on a phone.
 */
export function DecisionScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const screen = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(screen);
  const now = useNow();
  useLiveDecision();
  const winds = useStationWinds();
  const warnings = useOfficialWarnings();
  const storms = useActiveStorms();
  const situation = currentSituation(warnings.data ?? [], winds.data?.gale_level ?? null, now, timeZone);
  const stormData = useMemo(
    () => typhoonMapData(storms.storms, i18n.language),
    [storms.storms, i18n.language],
  );
  const stations = winds.data?.stations;
  // The stations and the storms' latest positions and forecasts, so an approaching storm is in view.
  const bounds = useMemo((): [Position, Position] | null => {
    const points = [
      ...(stations ?? []).map((s) => [s.station.lon, s.station.lat]),
      ...storms.storms.flatMap((s) => [...s.track.slice(-1), ...s.forecast].map((p) => [p.lon, p.lat])),
    ];
    if (points.length === 0) return null;
    const lons = points.map((p) => p[0] as number);
    const lats = points.map((p) => p[1] as number);
    return [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
    ];
  }, [stations, storms.storms]);
  // `?rotation=<scene>`: the map steps through saved scenes instead of fitting the stations.
  const [params] = useSearchParams();
  const rotation = useRotationParam(params.get('rotation'));
  const [scene, setScene] = useState<Scene | null>(null);
  const [strokesError, setStrokesError] = useState<unknown>(null);
  const fitKey = `${stations?.length ?? 0}:${storms.storms.map((s) => s.id).join(',')}`;
  const updatedAt = Math.max(winds.dataUpdatedAt, warnings.dataUpdatedAt) || null;

  return (
    <section ref={screen} className="decision-screen" aria-label={t('screens.decision')}>
      <DecisionHeader
        now={now}
        timeZone={timeZone}
        situation={situation}
        updatedAt={updatedAt}
        fullscreen={fullscreen}
      />
      <div className="decision-map">
        <MapView
          initialView={INITIAL_VIEW}
          label={t('decision.map_label')}
          ready={!winds.isPending && !storms.isPending}
        >
          <BasemapLayer />
          <TyphoonLayer data={stormData} onSelect={ignorePick} />
          <WindStationsLayer stations={stations ?? []} />
          {rotation.steps.length > 0 ? (
            <RotationLayers
              steps={rotation.steps}
              onScene={setScene}
              onError={setStrokesError}
              skip={OWN_LAYERS}
            />
          ) : (
            <FitBounds bounds={bounds} fitKey={fitKey} maxZoom={8} />
          )}
        </MapView>
        {rotation.steps.length > 0 && scene && <RotationCaption scene={scene} />}
        {rotation.id !== null && <ErrorMessage error={rotation.error ?? strokesError} />}
        <ForceLegend />
      </div>
      <WarningsPanel
        warnings={warnings.data}
        storms={storms.storms}
        error={warnings.error ?? storms.error}
        timeZone={timeZone}
      />
      <StationsPanel stations={stations} error={winds.error} />
      <ChecklistPanel
        situation={situation}
        canTick={can(user.data, 'checklist.tick')}
        canEdit={can(user.data, 'checklist.manage')}
        timeZone={timeZone}
      />
    </section>
  );
}
