import type { WeatherWarning } from '@thunderwatch/shared/schemas/weather-warning';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../../lib/devices';
import { useAllCities, useProvinces } from '../../../lib/regions';
import { useSensors } from '../../../lib/sensors';
import { useStationWinds } from '../../../lib/station-winds';
import { useWaveLatest } from '../../../lib/wave-latest';
import { useZoneChoices } from '../../../lib/zone-choices';
import { CITY_MIN_ZOOM } from '../../../map/basemap/region-features';
import { deviceFeatures, deviceLabels } from '../../../map/devices/device-features';
import { weatherWarningMapData } from '../../../map/weather/warning-features';
import { waveStationFeatures } from '../../../map/weather/wave-features';
import type { WeatherWarningPick } from '../../../map/weather/weather-warnings-layer';
import { useWeatherWarningsQuery } from '../api/get-weather-warnings';
import type { useLayerChoices } from './use-layer-choices';

type DotPick = { id: string; lngLat: [number, number] } | null;
const NO_WARNINGS: WeatherWarning[] = [];
const NO_FILTER = {};

/**
 * The home map's layers of other kinds of data (official warnings, sensors, regions, zones, devices, wind
 * and wave stations): each one's data is asked for only while it is shown; what is picked on the map; loading and errors.
 */
export function useHomeExtraLayers(layers: ReturnType<typeof useLayerChoices>, zoom: number) {
  const on = {
    warnings: layers.visible('weather_warnings'),
    sensors: layers.visible('sensors'),
    regions: layers.visible('regions'),
    zones: layers.visible('zones'),
    devices: layers.visible('devices'),
    winds: layers.visible('wind_stations'),
    waves: layers.visible('wave_stations'),
  };
  const warnings = useWeatherWarningsQuery(on.warnings);
  const sensors = useSensors(on.sensors);
  const provinces = useProvinces({ geometry: true, enabled: on.regions });
  const cities = useAllCities(on.regions && zoom >= CITY_MIN_ZOOM);
  const zones = useZoneChoices(on.zones);
  const devices = useDevices(NO_FILTER, on.devices);
  const winds = useStationWinds(on.winds);
  const waves = useWaveLatest(on.waves);
  const [warningPick, setWarningPick] = useState<WeatherWarningPick | null>(null);
  const [sensorPick, setSensorPick] = useState<DotPick>(null);
  const [devicePick, setDevicePick] = useState<DotPick>(null);
  const [wavePick, setWavePick] = useState<DotPick>(null);

  const warningItems = warnings.data?.warnings ?? NO_WARNINGS;
  const warningData = useMemo(() => weatherWarningMapData(warningItems), [warningItems]);
  const deviceData = useMemo(() => deviceFeatures(devices.data?.items), [devices.data]);
  const { i18n } = useTranslation();
  const deviceNames = useMemo(
    () => deviceLabels(devices.data?.items, i18n.language),
    [devices.data, i18n.language],
  );
  const zonePolygons = useMemo(
    () => (zones.data?.items ?? []).map((z) => ({ id: z.id, geometry: z.geometry })),
    [zones.data],
  );
  const pickedWarning = warningPick && warningItems.find((w) => w.id === warningPick.id);
  const pickedSensor = sensorPick && sensors.data?.items.find((s) => s.id === sensorPick.id);
  const waveData = useMemo(() => waveStationFeatures(waves.data), [waves.data]);
  const pickedWave = wavePick && waves.data?.stations.find((s) => s.station.id === wavePick.id);
  const waveReading = pickedWave?.readings.at(-1);
  const pickedDevice = devicePick && devices.data?.items.find((d) => d.id === devicePick.id);

  return {
    on,
    warnings: {
      data: warningData,
      count: warningData.features.length,
      /** Warnings in force (drawn or not), and whether they are known yet: the switcher says "none" only then. */
      inForce: { count: warningItems.length, loading: on.warnings && !warnings.data },
      pick:
        on.warnings && pickedWarning && warningPick
          ? { warning: pickedWarning, lngLat: warningPick.lngLat }
          : null,
      setPick: setWarningPick,
    },
    sensors: {
      items: sensors.data?.items ?? [],
      pick:
        on.sensors && pickedSensor && sensorPick ? { sensor: pickedSensor, lngLat: sensorPick.lngLat } : null,
      setPick: setSensorPick,
    },
    regions: { provinces: provinces.data?.items ?? [], cities: cities.data?.items ?? [] },
    zones: zonePolygons,
    devices: {
      data: deviceData,
      labels: deviceNames,
      pick:
        on.devices && pickedDevice && devicePick ? { device: pickedDevice, lngLat: devicePick.lngLat } : null,
      setPick: setDevicePick,
    },
    winds: winds.data?.stations ?? [],
    waves: {
      data: waveData,
      pick:
        on.waves && wavePick && waveReading && pickedWave
          ? { station: pickedWave.station, reading: waveReading, lngLat: wavePick.lngLat }
          : null,
      setPick: setWavePick,
    },
    loading: {
      weather_warnings: warnings.isFetching,
      sensors: sensors.isFetching && !sensors.data,
      regions: provinces.isFetching || cities.isFetching,
      zones: zones.isFetching,
      devices: devices.isFetching && !devices.data,
      wind_stations: winds.isFetching,
      wave_stations: waves.isFetching,
    },
    errors: [
      on.warnings && warnings.error,
      on.sensors && sensors.error,
      on.regions && (provinces.error ?? cities.error),
      on.zones && zones.error,
      on.devices && devices.error,
      on.winds && winds.error,
      on.waves && waves.error,
    ],
  };
}
