import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import {
  areaKm2,
  type Bbox,
  bboxOf,
  decodePolygons,
  type EncodedRing,
  type MultiPolygonCoords,
  simplifyPolygons,
} from '@thunderwatch/domain/regions/region-geometry';

/**
 * The regions as apps/server/geo/china-regions.json.gz carries them (scripts/build-china-regions.mjs):
 * decoded, measured and simplified. Nothing is downloaded: the file is part of the server.
 */

export const REGIONS_FILE = new URL('../../../geo/china-regions.json.gz', import.meta.url);
/** Douglas–Peucker tolerance of the map's boundaries: about 1 km, a few pixels at a province's zoom. */
export const SIMPLIFY_DEG = 0.01;

/** What the server keeps of a region once loaded. */
export interface RegionInfo {
  code: string;
  level: 'province' | 'city';
  parent: string | null;
  nameZh: string;
  nameEn: string;
  bbox: Bbox;
  areaKm2: number;
}

/** A region as decoded from the file, for the load only (its boundaries are big: let them go after). */
export interface RegionData extends RegionInfo {
  full: MultiPolygonCoords;
  simplified: MultiPolygonCoords;
  /** The full boundary as the file carries it (ECharts' encoding): what `regions.geometry_full` stores. */
  encoded: EncodedRing[][];
}

interface FileRegion {
  code: string;
  level: 'province' | 'city';
  parent: string | null;
  zh: string;
  en: string;
  polygons: EncodedRing[][];
}

export interface RegionsFile {
  hash: string;
  regions: RegionData[];
}

export function parseRegionsFile(gz: Buffer): RegionsFile {
  const hash = createHash('sha256').update(gz).digest('hex').slice(0, 16);
  const file = JSON.parse(gunzipSync(gz).toString('utf8')) as { regions: FileRegion[] };
  const regions = file.regions.map((r): RegionData => {
    const full = decodePolygons(r.polygons);
    return {
      code: r.code,
      level: r.level,
      parent: r.parent,
      nameZh: r.zh,
      nameEn: r.en,
      bbox: bboxOf(full),
      areaKm2: areaKm2(full),
      full,
      simplified: simplifyPolygons(full, SIMPLIFY_DEG),
      encoded: r.polygons,
    };
  });
  return { hash, regions };
}

/** The file, read and decoded (about 0.7 s; the caller loads it once). */
export async function readRegionsFile(): Promise<RegionsFile> {
  return parseRegionsFile(await readFile(REGIONS_FILE));
}
