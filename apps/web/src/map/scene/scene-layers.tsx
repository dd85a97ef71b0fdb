import type { CustomLayer, Scene } from '@thunderwatch/shared/schemas/layers';
import { useEffect, useMemo } from 'react';
import { filterOfScene } from '../../lib/stroke-filter';
import type { Bounds, StrokeStore } from '../../lib/stroke-store';
import { CellsLayer } from '../cells/cells-layer';
import { DensityLayer } from '../lightning/density-layer';
import { StrokesLayer } from '../lightning/strokes-layer';
import { LocationsLayer } from '../sites/locations-layer';
import { DisasterLayer } from '../weather/disaster-layer';
import { RadarLayer } from '../weather/radar-layer';
import { TyphoonLayer } from '../weather/typhoon-layer';
import { useLayerCatalogue } from './api/get-layers';
import { CustomMapLayer } from './custom-layer';
import { useDensityGrid } from './hooks/use-density-grid';
import { useDisasterWarnings } from './hooks/use-disaster-warnings';
import { useMyLocations } from './hooks/use-my-locations';
import { useRadar } from './hooks/use-radar';
import { useStormCells } from './hooks/use-storm-cells';
import { useTyphoons } from './hooks/use-typhoons';
import { type StepTime, stepLayers } from './model/scene-step';

/** The map's visible area, for the layers that ask for what is in view (density, cell tracks). */
export interface MapArea {
  bounds: Bounds;
  zoom: number;
}

/** Where a step's data is read at: `now` bounds what is asked (the present, or a window's end), `shown` is drawn. */
interface StepClock {
  mode: 'live' | 'replay';
  now: number;
  shown: number;
}

const NO_CUSTOM: CustomLayer[] = [];
const ignore = () => undefined;

interface SceneLayersProps {
  scene: Scene;
  time: StepTime;
  /** The strokes the step draws: the rotation's live feed, or its past window's. */
  strokes: StrokeStore | null;
  /** The live clock (restyles the strokes by age). */
  clock: number;
  area: MapArea | null;
  /** Layers the screen draws itself, left out of the scene's. */
  skip?: readonly string[];
}

/**
 * A scene's layers on a wall screen's map, each while the scene shows it and at its opacity, the strokes
 * through the scene's stroke filter: one rotation step. Each layer is a component of its own, so its requests and socket subscriptions run only while it is
 * shown and end with the step. Nothing here takes a click: a wall screen is looked at, not used.
 */
export function SceneLayers({ scene, time, strokes, clock, area, skip }: SceneLayersProps) {
  const catalogue = useLayerCatalogue();
  const custom = catalogue.data?.custom ?? NO_CUSTOM;
  const layers = useMemo(() => stepLayers(scene.layers, custom, skip), [scene.layers, custom, skip]);
  const at: StepClock =
    time.mode === 'live'
      ? { mode: 'live', now: clock, shown: clock }
      : { mode: 'replay', now: time.shown, shown: time.shown };
  const { builtIn } = layers;
  const strokeFilter = useMemo(() => filterOfScene(scene.filters), [scene.filters]);
  return (
    <>
      {builtIn.radar !== undefined && (
        <StepRadar at={at} opacity={builtIn.radar} product={scene.filters.radar_product} />
      )}
      {builtIn.density !== undefined && (
        <StepDensity at={at} area={area} zoom={scene.zoom} opacity={builtIn.density} />
      )}
      {layers.custom.map(({ layer, opacity }) => (
        <CustomMapLayer key={`${layer.id}-${layer.updated_at}`} layer={layer} opacity={opacity} />
      ))}
      {builtIn.disaster !== undefined && <StepDisaster />}
      {builtIn.locations !== undefined && <StepLocations />}
      {builtIn.cells !== undefined && <StepCells at={at} area={area} />}
      {builtIn.typhoons !== undefined && <StepTyphoons />}
      {builtIn.strokes !== undefined && strokes && (
        <StrokesLayer store={strokes} now={at.shown} mode={at.mode} filter={strokeFilter} />
      )}
    </>
  );
}

function StepRadar({ at, opacity, product }: { at: StepClock; opacity: number; product?: string }) {
  const radar = useRadar(true, at.now, at.shown);
  const { setProduct } = radar;
  useEffect(() => {
    if (product) setProduct(product);
  }, [product, setProduct]);
  if (!radar.image) return null;
  return <RadarLayer url={radar.image.url} corners={radar.image.corners} opacity={opacity} />;
}

function StepDensity({
  at,
  area,
  zoom,
  opacity,
}: {
  at: StepClock;
  area: MapArea | null;
  zoom: number;
  opacity: number;
}) {
  const density = useDensityGrid(true, area?.bounds ?? null, area?.zoom ?? zoom, at.now, at.shown);
  return <DensityLayer grid={density.grid} opacity={opacity} />;
}

function StepDisaster() {
  const disaster = useDisasterWarnings(true);
  return <DisasterLayer data={disaster.data} onSelect={ignore} />;
}

function StepLocations() {
  const { locations } = useMyLocations();
  return <LocationsLayer locations={locations} />;
}

function StepCells({ at, area }: { at: StepClock; area: MapArea | null }) {
  const cells = useStormCells(true, at.mode, at.shown, at.now, area);
  return <CellsLayer data={cells.data} onSelect={ignore} />;
}

function StepTyphoons() {
  const typhoons = useTyphoons(true);
  return <TyphoonLayer data={typhoons.data} onSelect={ignore} />;
}
