import { modelLayerId } from '@thunderwatch/shared/map-layers';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, useCurrentUser } from '../../../lib/current-user';
import { type Bounds, MINUTE_MS } from '../../../lib/stroke-store';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useIsPhone } from '../../../lib/use-media-query';
import { FLIGHT_CLICK, FlightsLayer } from '../../../map/aviation/flights-layer';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import { CELL_MARK_CLICK, CELL_WARM_UP, CellsLayer } from '../../../map/cells/cells-layer';
import { ModelOutputLayer } from '../../../map/cells/model-output-layer';
import { DensityLayer } from '../../../map/lightning/density-layer';
import { REPLAY_TRAIL_MIN } from '../../../map/lightning/stroke-style';
import { STROKE_CLICK, StrokesLayer } from '../../../map/lightning/strokes-layer';
import { MapView, type MapViewState } from '../../../map/map-view';
import { CustomMapLayer } from '../../../map/scene/custom-layer';
import { useClock } from '../../../map/scene/hooks/use-clock';
import { useDensityGrid } from '../../../map/scene/hooks/use-density-grid';
import { useDisasterWarnings } from '../../../map/scene/hooks/use-disaster-warnings';
import { useMyLocations } from '../../../map/scene/hooks/use-my-locations';
import { useRadar } from '../../../map/scene/hooks/use-radar';
import { useStormCells } from '../../../map/scene/hooks/use-storm-cells';
import { useStrokeFeed } from '../../../map/scene/hooks/use-stroke-feed';
import { clicksOver, useTyphoons } from '../../../map/scene/hooks/use-typhoons';
import { SceneRotation } from '../../../map/scene/scene-rotation';
import { LocationsLayer } from '../../../map/sites/locations-layer';
import { RADAR_WARM_UP, RadarLayer } from '../../../map/weather/radar-layer';
import { TYPHOON_POINT_CLICK, TyphoonLayer } from '../../../map/weather/typhoon-layer';
import { useSaveMapView } from '../api/save-map-view';
import { shownTime } from '../hooks/replay';
import { useFlightLayer } from '../hooks/use-flights';
import { useHomeExtraLayers } from '../hooks/use-home-extra-layers';
import { useHomeModels } from '../hooks/use-home-models';
import { useHomeScene, useSceneTimeAndRadar } from '../hooks/use-home-scene';
import { useLayerChoices } from '../hooks/use-layer-choices';
import { useOpening } from '../hooks/use-opening';
import { useReplay } from '../hooks/use-replay';
import { useStrokeCounts } from '../hooks/use-stroke-counts';
import { useStrokeFilter } from '../hooks/use-stroke-filter';
import { useStrokePick } from '../hooks/use-stroke-pick';
import { useViewParams } from '../hooks/use-view-params';
import { sceneOfMap } from '../model/scene-of-map';
import { CellPopup } from './cell-popup';
import { CustomLayerForm } from './custom-layer-form';
import { DisasterMap } from './disaster-map';
import { FlightPopup } from './flight-popup';
import { dotClicks, HomeExtraLayers } from './home-extra-layers';
import { HomeSwitcher } from './home-switcher';
import { LayerErrors } from './layer-errors';
import { MapToolbar } from './map-toolbar';
import { ModelsPanel } from './models-panel';
import { OpenOn } from './open-on';
import { ScenePanel } from './scene-panel';
import { StrokeCounters } from './stroke-counters';
import { StrokePick } from './stroke-pick';
import { TimeSlider } from './time-slider';
import { TyphoonPopup } from './typhoon-popup';
import '../home.css';

/** How often the live map re-colours strokes by age (one restyle of the stroke layers). */
const LIVE_TICK_MS = 5_000;

interface ViewInfo {
  bounds: Bounds;
  zoom: number;
}

/** The layers whose first frame costs most without a graphics card (their shaders), readied as the map shows. */
const HOME_WARM_UP = [CELL_WARM_UP, RADAR_WARM_UP];

/** The live lightning map: strokes by age and type, counters, replay of the span with data, density, details. */
export function HomeScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  // The day's older strokes (for replay) are fetched once the map has shown: the opening has the processor first.
  const [mapShown, setMapShown] = useState(false);
  const onMapShown = useCallback(() => setMapShown(true), []);
  const feed = useStrokeFeed({ history: mapShown });
  const replay = useReplay(() => feed.store.earliestTime());
  const clock = useClock(LIVE_TICK_MS);
  const { initial, fromAddress, remember } = useViewParams();
  const { id: sceneId, scene, error: sceneError, steps: sceneSteps, open: openScene } = useHomeScene();
  const layers = useLayerChoices(scene?.layers ?? null);
  const [view, setView] = useState<ViewInfo | null>(null);
  const densityOn = layers.visible('density');
  const locationsOn = layers.visible('locations');
  const cellsOn = layers.visible('cells');
  const radarOn = layers.visible('radar');
  const [cellId, setCellId] = useState<string | null>(null);
  const myLocations = useMyLocations();
  const opening = useOpening(fromAddress || sceneId !== null, myLocations.data, feed);
  const saveView = useSaveMapView();
  const lastView = useRef<MapViewState>(initial);
  const phone = useIsPhone();
  const { models, overlay, startRun } = useHomeModels(layers);

  const mode = replay.state.mode;
  const start = replay.start(clock);
  const shown = shownTime(replay.state, clock, start);
  const { store } = feed;
  const strokeFilter = useStrokeFilter(scene);
  const { counts, simulated } = useStrokeCounts(feed, strokeFilter.filter, { mode, shown, clock, view });
  const radar = useRadar(radarOn, clock, shown);
  const density = useDensityGrid(densityOn, view?.bounds ?? null, view?.zoom ?? initial.zoom, clock, shown);
  const cells = useStormCells(cellsOn, mode, shown, clock, view);
  const typhoons = useTyphoons(layers.visible('typhoons'));
  const disaster = useDisasterWarnings(layers.visible('disaster'));
  const flights = useFlightLayer(layers.visible('flights'), view?.bounds ?? null, mode, shown);
  const extra = useHomeExtraLayers(layers, view?.zoom ?? initial.zoom);
  useSceneTimeAndRadar(scene, replay.seek, radar.setProduct);
  const currentScene = () =>
    sceneOfMap({
      ...lastView.current,
      choices: layers.choices,
      mode,
      shown,
      trailMs: REPLAY_TRAIL_MIN * MINUTE_MS,
      radarProduct: radar.product,
      strokeFilter: strokeFilter.filter,
    });

  const onMoveEnd = useCallback(
    (state: MapViewState, map: MapLibreMap) => {
      remember(state);
      lastView.current = state;
      saveView.reset();
      const b = map.getBounds();
      setView({
        zoom: state.zoom,
        bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
      });
    },
    [remember, saveView.reset],
  );
  // A stroke takes the click from the cell under it (the cell layer leaves such clicks alone).
  const strokePick = useStrokePick(() => setCellId(null));
  const onSelect = strokePick.select;
  const onSelectCell = useCallback(
    (id: string | null) => {
      setCellId(id);
      if (id !== null) onSelect(null);
    },
    [onSelect],
  );

  return (
    <div className="home-screen">
      <h1 className="visually-hidden">{t('screens.home')}</h1>
      <MapView
        initialView={initial}
        onMoveEnd={onMoveEnd}
        label={t('home.map_label')}
        rotate
        ready={opening.kind !== 'wait' && feed.loading !== 'recent'}
        warmUp={HOME_WARM_UP}
        onShown={onMapShown}
      >
        <BasemapLayer />
        <OpenOn opening={opening} />
        <SceneRotation steps={sceneSteps} />
        {radarOn && radar.image && (
          <RadarLayer url={radar.image.url} corners={radar.image.corners} opacity={layers.opacity('radar')} />
        )}
        {densityOn && <DensityLayer grid={density.grid} opacity={layers.opacity('density')} />}
        {layers.custom.map(
          (c) =>
            layers.visible(c.layer_id) && (
              <CustomMapLayer
                key={`${c.id}-${c.updated_at}`}
                layer={c}
                opacity={layers.opacity(c.layer_id)}
              />
            ),
        )}
        <DisasterMap
          disaster={disaster}
          yieldTo={clicksOver(
            STROKE_CLICK,
            cellsOn && CELL_MARK_CLICK,
            typhoons.on && TYPHOON_POINT_CLICK,
            flights.on && FLIGHT_CLICK,
            ...dotClicks(extra.on),
          )}
          timeZone={timeZone}
        />
        {overlay.shownId && (
          <ModelOutputLayer
            data={overlay.data}
            stops={overlay.stops}
            opacity={layers.opacity(modelLayerId(overlay.shownId))}
          />
        )}
        <HomeExtraLayers extra={extra} layers={layers} timeZone={timeZone} />
        {locationsOn && <LocationsLayer locations={myLocations.locations} />}
        {cellsOn && <CellsLayer data={cells.data} onSelect={onSelectCell} yieldTo={STROKE_CLICK} />}
        {typhoons.on && <TyphoonLayer data={typhoons.data} onSelect={typhoons.setPick} />}
        {layers.visible('strokes') && (
          <StrokesLayer
            store={store}
            now={shown}
            mode={mode}
            filter={strokeFilter.filter}
            onSelect={onSelect}
            yieldTo={clicksOver(
              cellsOn && CELL_MARK_CLICK,
              typhoons.on && TYPHOON_POINT_CLICK,
              flights.on && FLIGHT_CLICK,
            )}
          />
        )}
        {flights.on && (
          <FlightsLayer aircraft={flights.items} track={flights.track} onSelect={flights.setPick} />
        )}
        {flights.picked && (
          <FlightPopup
            key={flights.picked.icao24}
            aircraft={flights.picked}
            timeZone={timeZone}
            onClose={() => flights.setPick(null)}
          />
        )}
        {cellsOn && cellId !== null && (
          <CellPopup
            key={cellId}
            id={cellId}
            cells={cells.cells}
            tracks={cells.tracks}
            locations={myLocations.locations}
            timeZone={timeZone}
            onClose={() => setCellId(null)}
          />
        )}
        {typhoons.pick && (
          <TyphoonPopup
            key={`${typhoons.pick.storm}-${typhoons.pick.time}-${typhoons.pick.lead_h}`}
            pick={typhoons.pick}
            timeZone={timeZone}
            onClose={() => typhoons.setPick(null)}
          />
        )}
        <StrokePick pick={strokePick} timeZone={timeZone} />
      </MapView>
      <div className="home-overlay home-overlay-left" data-map-overlay>
        <StrokeCounters counts={counts} mode={mode} filter={strokeFilter.filter} />
        <LayerErrors
          feed={feed}
          errors={[
            density.error,
            cellsOn && cells.error,
            radarOn && radar.error,
            typhoons.on && typhoons.error,
            disaster.on && disaster.error,
            flights.on && flights.error,
            myLocations.error,
            saveView.error,
            layers.error,
            ...extra.errors,
          ]}
        />
      </div>
      <div className="home-overlay home-overlay-right" data-map-overlay>
        <MapToolbar
          switcher={
            <HomeSwitcher
              layers={layers}
              radar={{
                products: radar.products,
                product: radar.product,
                onProduct: radar.setProduct,
                frame: radar.frame,
                loading: radar.loading,
                timeZone,
              }}
              loading={{ strokes: feed.loading !== null, density: density.loading, cells: cells.loading }}
              typhoons={typhoons}
              disaster={disaster}
              flights={{ loading: flights.loading, count: flights.items.length }}
              weatherWarnings={extra.warnings.inForce}
              more={extra.loading}
              strokeFilter={strokeFilter}
            />
          }
          simulated={simulated || (radarOn && radar.frame?.simulated === true)}
          view={{
            onSave: () =>
              saveView.mutate({ ...lastView.current, layers: myLocations.data?.layers ?? ['strokes'] }),
            saving: saveView.isPending,
            saved: saveView.isSuccess,
          }}
          status={feed.status}
          loading={feed.loading}
          manage={can(user.data, 'layer.manage') && <CustomLayerForm custom={layers.custom} />}
          scenes={
            <ScenePanel open={scene} openError={sceneError} current={currentScene} onOpen={openScene} />
          }
          models={
            <ModelsPanel
              models={models.data?.items}
              error={models.error}
              overlay={overlay}
              canRun={can(user.data, 'model.run')}
              onRun={(id) => startRun.mutate(id)}
              running={startRun.isPending}
              runError={startRun.error}
              timeZone={timeZone}
              phone={phone}
            />
          }
        />
      </div>
      <TimeSlider
        state={replay.state}
        now={clock}
        start={start}
        timeZone={timeZone}
        onPlay={replay.play}
        onPause={replay.pause}
        onSeek={replay.seek}
        onLive={replay.goLive}
        onSpeed={replay.setSpeed}
      />
    </div>
  );
}
