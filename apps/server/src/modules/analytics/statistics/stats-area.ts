import {
  type Cell,
  cellsAreaKm2,
  cellsInBbox,
  cellsInCircle,
  cellsInPolygon,
  MAX_AREA_CELLS,
} from '@thunderwatch/domain/lightning/lightning-climate';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import {
  STATS_DEFAULT_RADIUS_KM,
  STATS_MAX_DAYS,
  type StatsAreaInfo,
  type StatsQuery,
} from '@thunderwatch/shared/schemas/statistics';
import { AppError } from '../../../lib/app-error.js';
import type { RegionInfo } from '../../regions/regions-data.js';
import type { RollupSource } from './statistics-repo.js';

const DAY_MS = 86_400_000;

export const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/** What the area resolver needs to know of the portal. */
export interface AreaLookups {
  region(level: 'province' | 'city', code: string): Promise<RegionInfo | null>;
  zone(id: number, groupId: number | null): Promise<{ name: string; rings: [number, number][][] } | null>;
  location(
    id: number,
    groupId: number | null,
  ): Promise<{ name: string; nameEn: string | null; shape: LocationShape } | null>;
}

export interface ResolvedArea {
  info: StatsAreaInfo;
  source: RollupSource;
  /** The box of the Ng grid. */
  box: { cy0: number; cy1: number; cx0: number; cx1: number };
}

/** The period's dates checked: real dates, from ≤ to, at most `maxDays` days; the count of days. */
export function period(from: string, to: string, maxDays = STATS_MAX_DAYS): number {
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(f) || new Date(f).toISOString().slice(0, 10) !== from)
    throw invalid('from', 'is not a date');
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== to)
    throw invalid('to', 'is not a date');
  if (t < f) throw invalid('to', 'is before from');
  const days = (t - f) / DAY_MS + 1;
  if (days > maxDays) throw invalid('to', `is more than ${maxDays} days after from`);
  return days;
}

function parseBbox(text: string) {
  const parts = text.split(',').map((v) => Number(v.trim()));
  if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v)))
    throw invalid('bbox', 'must be four numbers: west,south,east,north');
  const [west, south, east, north] = parts as [number, number, number, number];
  if (west < -180 || east > 180 || south < -90 || north > 90) throw invalid('bbox', 'is outside the globe');
  if (west >= east || south >= north) throw invalid('bbox', 'must have west < east and south < north');
  if (east - west > 20 || north - south > 20) throw invalid('bbox', 'may span at most 20° × 20°');
  return { west, south, east, north };
}

const boxOfCells = (cells: readonly Cell[]) => ({
  cy0: Math.min(...cells.map((c) => c.cy)),
  cy1: Math.max(...cells.map((c) => c.cy)),
  cx0: Math.min(...cells.map((c) => c.cx)),
  cx1: Math.max(...cells.map((c) => c.cx)),
});

function cellArea(
  kind: StatsAreaInfo['kind'],
  name: string | null,
  cells: Cell[],
  field: string,
  /** A site's English name beside its own (`name`); null for other areas. */
  nameEn: string | null = null,
): ResolvedArea {
  if (cells.length === 0) throw invalid(field, 'covers no 0.1° cell');
  if (cells.length > MAX_AREA_CELLS) throw invalid(field, `covers more than ${MAX_AREA_CELLS} cells`);
  return {
    info: {
      kind,
      code: null,
      name,
      name_zh: null,
      name_en: nameEn,
      area_km2: cellsAreaKm2(cells),
      cells: cells.length,
    },
    source: { kind: 'cells', cells },
    box: boxOfCells(cells),
  };
}

/** The area of a query: its facts, where its rollups are read, and the box of its grid. */
export async function resolveArea(
  q: StatsQuery,
  scope: number | null,
  look: AreaLookups,
): Promise<ResolvedArea> {
  const need = <T>(v: T | undefined, field: string): T => {
    if (v === undefined) throw invalid(field, `is required with area=${q.area}`);
    return v;
  };
  switch (q.area) {
    case 'province':
    case 'city': {
      const code = need(q.code, 'code');
      const r = await look.region(q.area, code);
      if (!r) throw new AppError('region.not_found', 404, `No ${q.area} ${code}`);
      const { west, south, east, north } = r.bbox;
      return {
        info: {
          kind: q.area,
          code: r.code,
          name: null,
          name_zh: r.nameZh,
          name_en: r.nameEn,
          area_km2: r.areaKm2,
          cells: null,
        },
        source: { kind: 'region', code: r.code, province: q.area === 'province' },
        box: boxOfCells(cellsInBbox({ west, south, east, north })),
      };
    }
    case 'zone': {
      const z = await look.zone(need(q.zone_id, 'zone_id'), scope);
      if (!z) throw new AppError('zone.not_found', 404, 'No such zone');
      return cellArea('zone', z.name, cellsInPolygon(z.rings), 'zone_id');
    }
    case 'location': {
      const l = await look.location(need(q.location_id, 'location_id'), scope);
      if (!l) throw new AppError('location.not_found', 404, 'No such location');
      const cells =
        l.shape.type === 'Point'
          ? cellsInCircle(
              l.shape.coordinates[1],
              l.shape.coordinates[0],
              q.radius_km ?? STATS_DEFAULT_RADIUS_KM,
            )
          : cellsInPolygon(l.shape.coordinates as [number, number][][]);
      return cellArea('location', l.name, cells, 'location_id', l.nameEn);
    }
    case 'circle': {
      const lat = need(q.lat, 'lat');
      const lon = need(q.lon, 'lon');
      return cellArea(
        'circle',
        null,
        cellsInCircle(lat, lon, q.radius_km ?? STATS_DEFAULT_RADIUS_KM),
        'radius_km',
      );
    }
    case 'bbox': {
      const cells = cellsInBbox(parseBbox(need(q.bbox, 'bbox')));
      if (cells.length === 0) throw invalid('bbox', 'covers no 0.1° cell centre');
      return {
        info: {
          kind: 'bbox',
          code: null,
          name: null,
          name_zh: null,
          name_en: null,
          area_km2: cellsAreaKm2(cells),
          cells: cells.length,
        },
        source: { kind: 'box', ...boxOfCells(cells) },
        box: boxOfCells(cells),
      };
    }
  }
}
