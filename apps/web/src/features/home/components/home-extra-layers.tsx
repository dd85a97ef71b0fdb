import { FLIGHT_CLICK } from '../../../map/aviation/flights-layer';
import { RegionsLayer } from '../../../map/basemap/regions-layer';
import { CELL_MARK_CLICK } from '../../../map/cells/cells-layer';
import { SENSOR_DOT_LAYER, SensorsLayer } from '../../../map/devices/sensors-layer';
import { DotsLayer } from '../../../map/lightning/dots-layer';
import { STROKE_CLICK } from '../../../map/lightning/strokes-layer';
import { clicksOver } from '../../../map/scene/hooks/use-typhoons';
import { NameLabelsLayer } from '../../../map/sites/name-labels-layer';
import { PolygonsLayer } from '../../../map/sites/polygons-layer';
import { TYPHOON_POINT_CLICK } from '../../../map/weather/typhoon-layer';
import { WavePopup } from '../../../map/weather/wave-popup';
import { WeatherWarningsLayer } from '../../../map/weather/weather-warnings-layer';
import { WindStationsLayer } from '../../../map/weather/wind-stations-layer';
import type { useHomeExtraLayers } from '../hooks/use-home-extra-layers';
import type { useLayerChoices } from '../hooks/use-layer-choices';
import { DevicePopup, SensorPopup } from './place-popups';
import { WeatherWarningPopup } from './weather-warning-popup';

/** Dots take clicks within 8 px (`DotsLayer`); the warning areas under them leave such clicks alone. */
const DOT_CLICK = (layer: string) => ({ layers: [layer], px: 8 });

/** The clicks the dots shown here take from the areas under them (warnings here, disaster warnings on home). */
export function dotClicks(on: ReturnType<typeof useHomeExtraLayers>['on']) {
  return [
    on.sensors && DOT_CLICK(SENSOR_DOT_LAYER),
    on.devices && DOT_CLICK('devices-dot'),
    on.waves && DOT_CLICK('wave-stations-dot'),
  ] as const;
}

interface HomeExtraLayersProps {
  extra: ReturnType<typeof useHomeExtraLayers>;
  layers: ReturnType<typeof useLayerChoices>;
  timeZone: string;
}

/**
 * The home map's layers beside lightning: official warnings, region borders, zones, wind and wave stations,
 * sensors and devices, each mounted while shown, with the popups of what was picked.
 */
export function HomeExtraLayers({ extra, layers, timeZone }: HomeExtraLayersProps) {
  const { on, warnings, sensors, devices, waves } = extra;
  const marks = clicksOver(
    layers.visible('strokes') && STROKE_CLICK,
    layers.visible('cells') && CELL_MARK_CLICK,
    layers.visible('typhoons') && TYPHOON_POINT_CLICK,
    layers.visible('flights') && FLIGHT_CLICK,
    ...dotClicks(on),
  );
  return (
    <>
      {on.regions && (
        <RegionsLayer
          provinces={extra.regions.provinces}
          cities={extra.regions.cities}
          opacity={layers.opacity('regions')}
        />
      )}
      {on.zones && <PolygonsLayer id="home-zones" polygons={extra.zones} />}
      {on.warnings && (
        <WeatherWarningsLayer
          data={warnings.data}
          opacity={layers.opacity('weather_warnings')}
          onSelect={warnings.setPick}
          yieldTo={marks}
        />
      )}
      {on.winds && <WindStationsLayer stations={extra.winds} />}
      {on.waves && <DotsLayer source="wave-stations" data={waves.data} onSelect={waves.setPick} />}
      {on.devices && <DotsLayer source="devices" data={devices.data} onSelect={devices.setPick} />}
      {on.devices && <NameLabelsLayer id="device-labels" labels={devices.labels} markerRadius={8} />}
      {on.sensors && <SensorsLayer sensors={sensors.items} onSelect={sensors.setPick} />}
      {warnings.pick && (
        <WeatherWarningPopup
          key={warnings.pick.warning.id}
          {...warnings.pick}
          timeZone={timeZone}
          onClose={() => warnings.setPick(null)}
        />
      )}
      {sensors.pick && (
        <SensorPopup
          key={sensors.pick.sensor.id}
          {...sensors.pick}
          timeZone={timeZone}
          onClose={() => sensors.setPick(null)}
        />
      )}
      {waves.pick && (
        <WavePopup
          key={waves.pick.station.id}
          {...waves.pick}
          timeZone={timeZone}
          onClose={() => waves.setPick(null)}
        />
      )}
      {devices.pick && (
        <DevicePopup
          key={devices.pick.device.id}
          {...devices.pick}
          timeZone={timeZone}
          onClose={() => devices.setPick(null)}
        />
      )}
    </>
  );
}
