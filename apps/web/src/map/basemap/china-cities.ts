import type { FeatureCollection, Point } from 'geojson';

/**
 * China's prefecture-level cities as map points (china-cities.json, made by scripts/build-china-cities.mjs
 * from GB/T 2260 codes, ECharts 4.9 seats and GeoNames names; its `sources` name each with its licence).
 */

export interface ChinaCitiesFile {
  columns: string[];
  cities: unknown[][];
}

export interface CityProperties {
  code: string;
  zh: string;
  en: string;
  /** 0 the national capital, 1 province-level cities and provincial capitals, 2 the other prefectures. */
  rank: number;
}

const COLUMNS = ['code', 'zh', 'en', 'lon', 'lat', 'province', 'rank', 'seat'];

/** The file's rows as GeoJSON points; throws if its columns are not the ones this code reads. */
export function cityFeatures(file: ChinaCitiesFile): FeatureCollection<Point, CityProperties> {
  if (file.columns.join() !== COLUMNS.join()) {
    throw new Error(`china-cities.json: unexpected columns ${file.columns.join()}`);
  }
  return {
    type: 'FeatureCollection',
    features: file.cities.map(([code, zh, en, lon, lat, , rank]) => ({
      type: 'Feature',
      properties: { code: String(code), zh: String(zh), en: String(en), rank: Number(rank) },
      geometry: { type: 'Point', coordinates: [Number(lon), Number(lat)] },
    })),
  };
}
