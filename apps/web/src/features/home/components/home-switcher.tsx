import { modelLayerId } from '@thunderwatch/shared/map-layers';
import { MODEL_IDS } from '@thunderwatch/shared/model-ids';
import type { useLayerChoices } from '../hooks/use-layer-choices';
import type { useStrokeFilter } from '../hooks/use-stroke-filter';
import { CellLegend } from './cell-legend';
import { DisasterLegend } from './disaster-legend';
import { FlightLegend } from './flight-legend';
import { LayerSwitcher } from './layer-switcher';
import { RadarControls, type RadarControlsProps } from './radar-controls';
import { StrokeFilterControl } from './stroke-filter-control';
import { TyphoonLegend } from './typhoon-legend';
import { WeatherWarningsNote } from './weather-warnings-note';

type Counted = { loading: boolean; count: number };
const MODEL_LAYERS = MODEL_IDS.map(modelLayerId);

/** Layers whose opacity the home map can change. */
export function opacityAdjustable(id: string): boolean {
  return (
    ['radar', 'density', 'weather_warnings', 'regions'].includes(id) ||
    id.startsWith('model_') ||
    id.startsWith('custom_')
  );
}

interface HomeSwitcherProps {
  layers: ReturnType<typeof useLayerChoices>;
  radar: Omit<RadarControlsProps, 'on' | 'onToggle' | 'opacity' | 'onOpacity'>;
  loading: { strokes: boolean; density: boolean; cells: boolean };
  typhoons: Counted;
  disaster: Counted;
  flights: Counted;
  /** Official weather warnings in force. */
  weatherWarnings: Counted;
  /** Loading of the other layers, by layer id. */
  more?: Record<string, boolean>;
  strokeFilter: ReturnType<typeof useStrokeFilter>;
}

/** The home map's layer switcher: the catalogue's home layers, with each one's own legend where it has one. */
export function HomeSwitcher({
  layers,
  radar,
  loading,
  typhoons,
  disaster,
  flights,
  weatherWarnings,
  more,
  strokeFilter,
}: HomeSwitcherProps) {
  const onChange = (id: string, patch: { visible?: boolean; opacity?: number }) => {
    // One model's output at a time: showing one hides the others.
    if (patch.visible && MODEL_LAYERS.includes(id))
      for (const other of MODEL_LAYERS) if (other !== id) layers.set(other, { visible: false });
    layers.set(id, patch);
  };
  const noop = () => undefined;
  return (
    <LayerSwitcher
      layers={layers.items.filter((l) => l.screens.includes('home'))}
      custom={layers.custom}
      choices={layers.choices}
      onChange={onChange}
      adjustable={opacityAdjustable}
      options={{ strokes: <StrokeFilterControl {...strokeFilter} /> }}
      notes={{ weather_warnings: <WeatherWarningsNote {...weatherWarnings} /> }}
      loading={{
        strokes: loading.strokes,
        density: loading.density,
        cells: loading.cells,
        radar: radar.loading,
        typhoons: typhoons.loading,
        disaster: disaster.loading,
        flights: flights.loading,
        ...more,
      }}
      extras={{
        radar: (
          <RadarControls
            {...radar}
            on
            opacity={layers.opacity('radar')}
            onOpacity={noop}
            onToggle={noop}
            bare
          />
        ),
        cells: <CellLegend />,
        typhoons: <TyphoonLegend count={typhoons.count} loading={typhoons.loading} />,
        disaster: <DisasterLegend count={disaster.count} loading={disaster.loading} />,
        flights: <FlightLegend count={flights.count} loading={flights.loading} />,
      }}
    />
  );
}
