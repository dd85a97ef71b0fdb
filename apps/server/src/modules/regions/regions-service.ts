import type { Bbox } from '@thunderwatch/domain/regions/region-geometry';
import { gridLookup } from '@thunderwatch/domain/regions/region-grid';
import { compactPolygons, RegionIndex } from '@thunderwatch/domain/regions/region-index';
import type {
  CityListQuery,
  ProvinceListQuery,
  RegionList,
  RegionLookup,
  RegionLookupQuery,
} from '@thunderwatch/shared/schemas/regions';
import type { FastifyBaseLogger } from 'fastify';
import { type RegionData, type RegionInfo, readRegionsFile } from './regions-data.js';
import type { RegionsRepo } from './regions-repo.js';

export interface LoadedRegions {
  /** Cities on their full boundaries (point lookup), and on the simplified ones (overlap with polygons). */
  cities: RegionIndex;
  citiesSimplified: RegionIndex;
  provinces: RegionIndex;
  byCode: { city: Map<string, RegionInfo>; province: Map<string, RegionInfo> };
  /** The box around every city. */
  extent: Bbox;
}

const pointIndex = (rs: RegionData[]) =>
  new RegionIndex(rs.map((r) => ({ code: r.code, bbox: r.bbox, polygons: compactPolygons(r.full) })));
const yes = (v: string | undefined) => v === '1' || v === 'true';
const provincePrefix = (p: string | undefined) => (p ? p.slice(0, 2) : null);

/**
 * The regions: loaded from the data file into `regions` once (idempotently: a database already holding the
 * file's rows is left alone) on first use or at start, and kept in memory as R-tree indexes for point lookup.
 */
export class RegionsService {
  private loading: Promise<LoadedRegions> | null = null;
  private points: Promise<(lon: number, lat: number) => string | null> | null = null;
  /** Simplified boundaries as JSON text, by `level:code`, with the hash of the load that wrote them. */
  private readonly geometryText = new Map<string, { hash: string; text: string }>();

  constructor(private readonly d: { repo: RegionsRepo; log: FastifyBaseLogger }) {}

  /** Loads the regions (once per process; a failure is tried again next time). */
  ensureLoaded(): Promise<LoadedRegions> {
    this.loading ??= this.load();
    this.loading.catch(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Loads at start without holding it up; a failure is logged (the first use tries again). */
  loadInBackground(): void {
    this.ensureLoaded().catch((error: unknown) =>
      this.d.log.error({ err: error }, 'loading the regions failed'),
    );
  }

  /**
   * The region code at a point for the stroke rollups: the city holding it, else the province, else null.
   * Uses the loaded indexes when the regions are (being) loaded, else reads the file for the two indexes
   * alone (no database work: an ingest must not wait for the regions table).
   */
  codeAt(): Promise<(lon: number, lat: number) => string | null> {
    this.points ??= (
      this.loading
        ? this.loading
        : readRegionsFile().then((file) => ({
            cities: pointIndex(file.regions.filter((r) => r.level === 'city')),
            provinces: pointIndex(file.regions.filter((r) => r.level === 'province')),
          }))
    ).then(({ cities, provinces }) =>
      // Most strokes fall in 0.1° cells no boundary crosses: those are answered from a per-cell memo.
      gridLookup(
        (lon, lat) => cities.lookup(lon, lat) ?? provinces.lookup(lon, lat),
        [...cities.rings(), ...provinces.rings()],
      ),
    );
    this.points.catch(() => {
      this.points = null;
    });
    return this.points;
  }

  private async load(): Promise<LoadedRegions> {
    const file = await readRegionsFile();
    const { loaded } = await this.d.repo.countLoaded(file.hash);
    if (loaded !== file.regions.length) {
      await this.d.repo.replaceAll(file.regions, file.hash);
      this.d.log.info({ regions: file.regions.length }, 'regions loaded');
    }
    const of = (level: 'province' | 'city') => file.regions.filter((r) => r.level === level);
    const indexed = (rs: RegionData[], simplified = false) =>
      new RegionIndex(
        rs.map((r) => ({
          code: r.code,
          bbox: r.bbox,
          polygons: compactPolygons(simplified ? r.simplified : r.full),
        })),
      );
    // Only the indexes' flat rings and these facts stay: the decoded file is left to the collector.
    const info = ({ code, level, parent, nameZh, nameEn, bbox, areaKm2 }: RegionData): RegionInfo => ({
      code,
      level,
      parent,
      nameZh,
      nameEn,
      bbox,
      areaKm2,
    });
    const cities = of('city');
    return {
      cities: indexed(cities),
      citiesSimplified: indexed(cities, true),
      extent: {
        west: Math.min(...cities.map((c) => c.bbox.west)),
        south: Math.min(...cities.map((c) => c.bbox.south)),
        east: Math.max(...cities.map((c) => c.bbox.east)),
        north: Math.max(...cities.map((c) => c.bbox.north)),
      },
      provinces: indexed(of('province')),
      byCode: {
        city: new Map(cities.map((r) => [r.code, info(r)])),
        province: new Map(of('province').map((r) => [r.code, info(r)])),
      },
    };
  }

  /** The provinces as JSON text (`RegionList`). */
  async provincesJson(q: ProvinceListQuery): Promise<string> {
    return this.listJson('province', null, yes(q.geometry));
  }

  /** The cities (of one province, or all) as JSON text (`RegionList`). */
  async citiesJson(q: CityListQuery): Promise<string> {
    return this.listJson('city', provincePrefix(q.province), yes(q.geometry));
  }

  /**
   * A `RegionList` written as text. The boundaries are the heavy part (all cities' are megabytes): each is
   * kept as the database's text once read, per load of the data file, and spliced in, so a request neither
   * decodes nor encodes a coordinate on the thread that answers HTTP.
   */
  private async listJson(level: 'province' | 'city', province: string | null, geometry: boolean) {
    await this.ensureLoaded();
    const rows = await this.d.repo.list({ level, province });
    if (!geometry) return JSON.stringify({ items: rows.map((r) => r.region) } satisfies RegionList);
    const key = (code: string) => `${level}:${code}`;
    const missing = rows.filter((r) => this.geometryText.get(key(r.region.code))?.hash !== r.hash);
    const read = await this.d.repo.simplifiedGeometryTexts(
      level,
      missing.map((r) => r.region.code),
    );
    for (const { region, hash } of missing) {
      const text = read.get(region.code);
      if (text !== undefined) this.geometryText.set(key(region.code), { hash, text });
    }
    const items = rows.map(({ region }) => {
      const text = this.geometryText.get(key(region.code))?.text;
      const json = JSON.stringify(region);
      return text === undefined
        ? json
        : `${json.slice(0, -1)},"geometry":{"type":"MultiPolygon","coordinates":${text}}}`;
    });
    return `{"items":[${items.join(',')}]}`;
  }

  /** The city and the province a point lies in (a city's province is its code's; else by outline). */
  async lookup(q: RegionLookupQuery): Promise<RegionLookup> {
    const loaded = await this.ensureLoaded();
    const cityCode = loaded.cities.lookup(q.lon, q.lat);
    const city = cityCode ? loaded.byCode.city.get(cityCode) : undefined;
    const provinceCode = city ? `${city.code.slice(0, 2)}0000` : loaded.provinces.lookup(q.lon, q.lat);
    const province = provinceCode ? loaded.byCode.province.get(provinceCode) : undefined;
    const ref = (r: RegionInfo | undefined) =>
      r ? { code: r.code, name_zh: r.nameZh, name_en: r.nameEn } : null;
    return { province: ref(province), city: ref(city) };
  }
}
