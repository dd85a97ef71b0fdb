import { setImmediate as yieldToEvents } from 'node:timers/promises';
import {
  densityCellDeg,
  localBucket,
  QueryAggregator,
  type QueryStroke,
  ZoneOffsets,
} from '@thunderwatch/domain/lightning/stroke-query-agg';
import type { RegionIndex } from '@thunderwatch/domain/regions/region-index';
import { MaskedRegionLookup } from '@thunderwatch/domain/regions/region-masks';
import type { StrokeQueryResult, StrokeQuerySpec } from '@thunderwatch/shared/schemas/stroke-query';
import type { EngineStrokesRepo } from '../../lightning/strokes/engine-strokes-repo.js';
import type { StrokeFilter } from '../../lightning/strokes/strokes-repo.js';
import { boxAround } from '../../lightning/strokes/strokes-repo.js';
import type { LoadedRegions } from '../../regions/regions-service.js';
import type { ResolvedArea } from './query-area.js';

/** Strokes read per page: one text value per page (see EngineStrokesRepo), parsed in one go (a few tens of ms). */
const PAGE = 20_000;
/** Strokes judged between two turns of the event loop: a few milliseconds of work. */
const CHUNK = 2_000;

/** The database filter of a query: window and area box (or circle), type and current; polarity is read after. */
export function queryFilter(spec: StrokeQuerySpec, area: ResolvedArea): StrokeFilter {
  return {
    from: new Date(spec.from),
    to: new Date(spec.to),
    bbox: area.bbox,
    near: area.near,
    type: spec.type === 'CG' || spec.type === 'IC' ? spec.type : undefined,
    minKa: spec.min_ka === undefined ? undefined : Math.fround(spec.min_ka),
    maxKa: spec.max_ka === undefined ? undefined : Math.fround(spec.max_ka),
  };
}

/**
 * Runs a statistics query: pages through the strokes of its window and box in time order, keeps those the
 * area's exact test and the polarity accept, and counts them per group and density cell. Each page is one
 * await, so the thread serves requests between pages.
 */
export class StrokeQueryRunner {
  /** Region borders as masks, built as strokes first fall in their boxes and kept for later queries. */
  private readonly lookups = new WeakMap<RegionIndex, MaskedRegionLookup>();

  constructor(
    private readonly d: {
      pages: Pick<EngineStrokesRepo, 'page'>;
      regions: () => Promise<LoadedRegions>;
      /** The deployment's zone (`TIME_ZONE`): a query's hours, days and months unless it names its own. */
      timeZone: string;
    },
  ) {}

  async run(
    spec: StrokeQuerySpec,
    area: ResolvedArea,
    onPage?: (scanned: number) => Promise<void>,
  ): Promise<StrokeQueryResult> {
    const filter = queryFilter(spec, area);
    const groupKey = await this.grouping(spec, area);
    const box =
      area.bbox ?? (area.near ? boxAround(area.near) : { west: -180, south: -90, east: 180, north: 90 });
    const agg = new QueryAggregator({ groupKey, cellDeg: densityCellDeg(box) });
    const keep = polarityTest(spec.polarity);
    let after: { time: string; id: number } | undefined;
    let scanned = 0;
    for (;;) {
      const page = await this.d.pages.page(filter, PAGE, after);
      for (let i = 0; i < page.strokes.length; i++) {
        const s = page.strokes[i] as QueryStroke;
        if (i > 0 && i % CHUNK === 0) await yieldToEvents();
        if (!keep(s.peakKa)) continue;
        if (area.contains && !area.contains(s.lon, s.lat)) continue;
        agg.add(s);
      }
      scanned += page.strokes.length;
      if (!page.last || page.strokes.length < PAGE) break;
      after = page.last;
      await onPage?.(scanned);
    }
    const result = agg.result();
    const names = spec.group_by === 'region' ? await this.regionNames() : null;
    return {
      ...result,
      groups: result.groups.map((g) => {
        const info = names?.get(g.key);
        return info ? { ...g, name_zh: info.nameZh, name_en: info.nameEn } : g;
      }),
      area_km2: area.areaKm2 === null ? null : Math.round(area.areaKm2 * 10) / 10,
    };
  }

  private async grouping(
    spec: StrokeQuerySpec,
    area: ResolvedArea,
  ): Promise<(s: QueryStroke) => string | null> {
    if (spec.group_by !== 'region') {
      const offsets = new ZoneOffsets(spec.time_zone ?? this.d.timeZone);
      const by = spec.group_by;
      return (s) => localBucket(s.timeMs, offsets, by);
    }
    const loaded = await this.d.regions();
    if (area.province) {
      const prefix = area.province.slice(0, 2);
      const cities = this.lookupOf(loaded.cities);
      return (s) => {
        const city = cities.lookup(s.lon, s.lat);
        return city?.startsWith(prefix) ? city : null;
      };
    }
    const provinces = this.lookupOf(loaded.provinces);
    return (s) => provinces.lookup(s.lon, s.lat);
  }

  private lookupOf(index: RegionIndex): MaskedRegionLookup {
    let lookup = this.lookups.get(index);
    if (!lookup) {
      lookup = new MaskedRegionLookup(index);
      this.lookups.set(index, lookup);
    }
    return lookup;
  }

  private async regionNames() {
    const loaded = await this.d.regions();
    return new Map([...loaded.byCode.province, ...loaded.byCode.city]);
  }
}

function polarityTest(polarity: StrokeQuerySpec['polarity']): (peakKa: number) => boolean {
  if (polarity === 'positive') return (ka) => ka >= 0;
  if (polarity === 'negative') return (ka) => ka < 0;
  return () => true;
}
