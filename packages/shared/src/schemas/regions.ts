import { type Static, Type } from 'typebox';
import { Nullable } from './kit.js';

/**
 * China's administrative regions (GB/T 2260): provinces (incl. the municipalities and SARs) and
 * prefecture-level cities, with names in Chinese and English and, on request, their simplified boundaries.
 */

export const RegionCode = Type.String({ pattern: '^[0-9]{6}$', description: 'GB/T 2260 code, six digits' });

const Geometry = Type.Object(
  {
    type: Type.Literal('MultiPolygon'),
    coordinates: Type.Array(Type.Array(Type.Array(Type.Array(Type.Number())))),
  },
  { description: 'GeoJSON MultiPolygon, simplified for the map (about 1 km)' },
);

const GeometryFlag = Type.Optional(
  Type.Union(
    ['1', '0', 'true', 'false'].map((v) => Type.Literal(v)),
    { description: '`1`: include each region’s simplified boundary' },
  ),
);

export const ProvinceListQuery = Type.Object({ geometry: GeometryFlag }, { additionalProperties: false });
export type ProvinceListQuery = Static<typeof ProvinceListQuery>;

export const CityListQuery = Type.Object(
  {
    province: Type.Optional(
      Type.String({
        pattern: '^[0-9]{2}([0-9]{4})?$',
        description: 'Province: its two-digit prefix or six-digit code (44 or 440000)',
      }),
    ),
    geometry: GeometryFlag,
  },
  { additionalProperties: false },
);
export type CityListQuery = Static<typeof CityListQuery>;

export const Region = Type.Object({
  code: RegionCode,
  level: Type.Union([Type.Literal('province'), Type.Literal('city')]),
  parent: Nullable(RegionCode),
  name_zh: Type.String(),
  name_en: Type.String({ description: 'GeoNames’ English name, else Hanyu Pinyin' }),
  bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()], {
    description: '[west, south, east, north], degrees',
  }),
  area_km2: Type.Number({ minimum: 0 }),
  geometry: Type.Optional(Geometry),
});
export type Region = Static<typeof Region>;

export const RegionList = Type.Object({ items: Type.Array(Region) });
export type RegionList = Static<typeof RegionList>;

export const RegionLookupQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export type RegionLookupQuery = Static<typeof RegionLookupQuery>;

const RegionRef = Type.Object({ code: RegionCode, name_zh: Type.String(), name_en: Type.String() });
export const RegionLookup = Type.Object({ province: Nullable(RegionRef), city: Nullable(RegionRef) });
export type RegionLookup = Static<typeof RegionLookup>;
