import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Land, coasts and borders out of Natural Earth's countries (world-atlas TopoJSON), for the whole world or a
 * part of it. The 1:10m file is 15 times heavier than what China and its neighbours need of it, so zoomed in
 * the map takes that region from 1:10m and the rest of the world from 1:50m.
 */

export interface Countries {
  land: FeatureCollection<Geometry>;
  borders: MultiLineString;
  coast: MultiLineString;
}

export type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** What a country is known by: its ISO 3166 numeric code, or its name where Natural Earth gives none. */
export interface CountryRef {
  id?: string | number;
  properties?: { name?: string } | null;
}
export type CountryFilter = (country: CountryRef) => boolean;

/**
 * China (with Hong Kong, Macao and Taiwan, which Natural Earth draws apart), its neighbours along the south
 * and east coasts and the land borders of its south and north-east, and the South China Sea's islands.
 */
const REGION_CODES = new Set([
  '156',
  '158',
  '344',
  '446',
  '496',
  '408',
  '410',
  '704',
  '418',
  '104',
  '524',
  '064',
]);
const REGION_NAMES = new Set(['Spratly Is.', 'Scarborough Reef']);

export const inChinaRegion: CountryFilter = (country) =>
  REGION_CODES.has(String(country.id)) || REGION_NAMES.has(country.properties?.name ?? '');

export const everywhere: CountryFilter = () => true;

/**
 * The land and coasts of the countries `keep` accepts, and the borders between them. With `borders: 'touching'`
 * also the borders between one of them and any other country: a region drawn finely takes every border it
 * touches, and the rest of the world (`'inside'`) takes only those wholly outside the region, so no line is
 * drawn twice.
 */
export function countryOutlines(
  world: CountriesTopology,
  keep: CountryFilter,
  borders: 'touching' | 'inside' = 'inside',
): Countries {
  const countries = world.objects.countries;
  const land = feature(world, countries) as FeatureCollection<Geometry>;
  const onBorder =
    borders === 'touching'
      ? (a: CountryRef, b: CountryRef) => keep(a) || keep(b)
      : (a: CountryRef, b: CountryRef) => keep(a) && keep(b);
  return {
    land: { ...land, features: land.features.filter((f) => keep({ id: f.id, properties: f.properties })) },
    // In a mesh, a === b marks an arc on the outside of a country: the coast.
    borders: mesh(world, countries, (a, b) => a !== b && onBorder(a, b)),
    coast: mesh(world, countries, (a, b) => a === b && keep(a)),
  };
}

/** The layer of the basemap's vector tiles that holds `countryFeatures` (cut at build time). */
export const COUNTRIES_TILE_LAYER = 'countries';

/** Land, coasts and borders as one collection, each feature's `kind` telling which (the layers filter on it). */
export function countryFeatures(data: Countries): FeatureCollection {
  const features: Feature[] = [
    ...data.land.features.map((f) => ({ ...f, properties: { kind: 'land' } })),
    { type: 'Feature', properties: { kind: 'coast' }, geometry: data.coast },
    { type: 'Feature', properties: { kind: 'border' }, geometry: data.borders },
  ];
  return { type: 'FeatureCollection', features };
}
