import { readFileSync } from 'node:fs';
import { DENSITY_STOPS, LAYER_CATALOGUE, type LayerScreen } from '@thunderwatch/shared/map-layers';
import { describe, expect, it } from 'vitest';
import { REGION_COLORS } from '../../../map/basemap/region-features';
import { STATUS_COLOURS } from '../../../map/devices/device-features';
import { SENSOR_COLORS, SENSOR_STATES } from '../../../map/devices/sensor-features';
import { AGE_BINS, FADED_COLOR } from '../../../map/lightning/stroke-style';
import { WALL_LAYERS } from '../../../map/scene/model/scene-step';
import { BEAUFORT_COLORS } from '../../../map/weather/beaufort-colors';
import { WEATHER_WARNING_COLORS } from '../../../map/weather/warning-features';
import { DOUGLAS_COLORS, NO_HEIGHT_COLOR } from '../../../map/weather/wave-features';

/**
 * The catalogue against the maps: each screen's map mounts exactly the layer components of the catalogue's
 * layers for that screen, so a layer added to a map without a catalogue entry (or the reverse) fails here.
 */
const COMPONENTS_OF: Record<string, string[]> = {
  strokes: ['StrokesLayer'],
  density: ['DensityLayer'],
  cells: ['CellsLayer'],
  radar: ['RadarLayer'],
  typhoons: ['TyphoonLayer'],
  wind_stations: ['WindStationsLayer'],
  wave_stations: ['DotsLayer'],
  disaster: ['DisasterMap', 'DisasterLayer'],
  flights: ['FlightsLayer'],
  locations: ['LocationsLayer', 'LocationRingsLayer', 'LocationLabelsLayer'],
  zones: ['PolygonsLayer'],
  devices: ['DotsLayer', 'NameLabelsLayer'],
  weather_warnings: ['WeatherWarningsLayer'],
  sensors: ['SensorsLayer'],
  regions: ['RegionsLayer'],
};
const componentsOf = (id: string) => (id.startsWith('model_') ? ['ModelOutputLayer'] : COMPONENTS_OF[id]);

/** Parts of a map that are not layers of the catalogue: the basemap, a stroke's flash, group layers. */
const NOT_CATALOGUED = new Set(['BasemapLayer', 'FlashLayer', 'CustomMapLayer']);

/** The files of each screen's map (the home map mounts the layers beside lightning in its own component). */
const SCREEN_FILES: Record<LayerScreen, string | string[]> = {
  home: ['../components/home-screen.tsx', '../components/home-extra-layers.tsx'],
  decision: '../../decision/components/decision-screen.tsx',
  wave: '../../wave/components/wave-map.tsx',
  device: '../../device/components/device-map.tsx',
  geometry: '../../geometry/components/geometry-map.tsx',
  location: '../../location/components/location-map.tsx',
};

function mounted(files: string | string[]): Set<string> {
  const source = [files]
    .flat()
    .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
    .join('\n');
  const names = [...source.matchAll(/<([A-Z][A-Za-z]*(?:Layer|Map))\b/g)].map((m) => m[1] as string);
  return new Set(names.filter((n) => !NOT_CATALOGUED.has(n) && n !== 'MapView'));
}

describe('layer catalogue', () => {
  it.each(Object.entries(SCREEN_FILES))('matches the layers the %s map mounts', (screen, file) => {
    const listed = LAYER_CATALOGUE.filter((l) => l.screens.includes(screen as LayerScreen));
    const found = mounted(file);
    // Every catalogued layer of the screen is mounted there…
    const missing = listed.filter((l) => !componentsOf(l.id)?.some((c) => found.has(c))).map((l) => l.id);
    expect(missing).toEqual([]);
    // …and every layer the screen mounts is catalogued for it.
    const known = new Set(listed.flatMap((l) => componentsOf(l.id) ?? []));
    expect([...found].filter((c) => !known.has(c))).toEqual([]);
  });

  // The wall screens' rotation mounts a step's layers in one shared component, from scenes saved on home.
  it('matches the layers a wall screen’s rotation step mounts (map/scene/scene-layers.tsx)', () => {
    const found = mounted('../../../map/scene/scene-layers.tsx');
    const missing = WALL_LAYERS.filter((id) => !componentsOf(id)?.some((c) => found.has(c)));
    expect(missing).toEqual([]);
    const known = new Set(WALL_LAYERS.flatMap((id) => componentsOf(id) ?? []));
    expect([...found].filter((c) => !known.has(c))).toEqual([]);
    const home = new Set(LAYER_CATALOGUE.filter((l) => l.screens.includes('home')).map((l) => l.id));
    expect(WALL_LAYERS.filter((id) => !home.has(id))).toEqual([]);
  });

  it('knows the component of every layer, and ids are unique', () => {
    for (const l of LAYER_CATALOGUE) expect(componentsOf(l.id), l.id).toBeDefined();
    expect(new Set(LAYER_CATALOGUE.map((l) => l.id)).size).toBe(LAYER_CATALOGUE.length);
  });

  it('has the map’s own colours in its legends', () => {
    const legend = (id: string) => LAYER_CATALOGUE.find((l) => l.id === id)?.legend.map((e) => e.color);
    expect(legend('density')).toEqual(DENSITY_STOPS.map(([, c]) => c));
    expect(legend('strokes')).toEqual([...AGE_BINS.map((b) => b.color), FADED_COLOR]);
    expect(legend('weather_warnings')).toEqual(Object.values(WEATHER_WARNING_COLORS));
    expect(legend('sensors')).toEqual(SENSOR_STATES.map((s) => SENSOR_COLORS[s]));
    expect(legend('regions')).toEqual([REGION_COLORS.province, REGION_COLORS.city]);
    expect(legend('devices')).toEqual([
      STATUS_COLOURS.online,
      STATUS_COLOURS.degraded,
      STATUS_COLOURS.offline,
    ]);
    expect(legend('wave_stations')).toEqual([
      ...[0, 3, 5, 7, 9].map((d) => DOUGLAS_COLORS[d]),
      NO_HEIGHT_COLOR,
    ]);
    expect(legend('wind_stations')).toEqual([3, 6, 8, 10, 12].map((f) => BEAUFORT_COLORS[f]));
  });
});
