import { geodesicAreaKm2 } from '@thunderwatch/domain/geo/geodesic';
import { PolygonMask } from '@thunderwatch/domain/geo/polygon-mask';
import { validatePolygon } from '@thunderwatch/domain/geo/zone-validation';
import { compactPolygons } from '@thunderwatch/domain/regions/region-index';
import type { QueryArea } from '@thunderwatch/shared/schemas/stroke-query';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { AppError } from '../../../lib/app-error.js';
import type { StrokeFilter } from '../../lightning/strokes/strokes-repo.js';
import type { LoadedRegions } from '../../regions/regions-service.js';

/** An area as the query runs it: what SQL filters by (a box, or a circle exactly), and the exact test after. */
export interface ResolvedArea {
  bbox?: NonNullable<StrokeFilter['bbox']>;
  near?: StrokeFilter['near'];
  contains: ((lon: number, lat: number) => boolean) | null;
  areaKm2: number | null;
  /** The province whose cities `group_by=region` counts, for a province area. */
  province: string | null;
}

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

export interface AreaSources {
  regions: () => Promise<LoadedRegions>;
  /** A zone of the caller's group (any group for administrators), or null. */
  zone: (id: number) => Promise<ZoneDto | null>;
}

export async function resolveArea(area: QueryArea, sources: AreaSources): Promise<ResolvedArea> {
  switch (area.kind) {
    case 'province':
    case 'city': {
      const loaded = await sources.regions();
      const code = area.kind === 'province' ? `${area.code.slice(0, 2)}0000` : area.code;
      const info = loaded.byCode[area.kind].get(code);
      const polygons = (area.kind === 'province' ? loaded.provinces : loaded.cities).polygonsOf(code);
      if (!info || !polygons) throw new AppError('region.not_found', 404, `No ${area.kind} ${area.code}`);
      const mask = new PolygonMask(polygons);
      return {
        bbox: mask.bbox,
        contains: (lon, lat) => mask.contains(lon, lat),
        areaKm2: info.areaKm2,
        province: area.kind === 'province' ? code : null,
      };
    }
    case 'zone': {
      const zone = await sources.zone(area.id);
      if (!zone) throw new AppError('zone.not_found', 404, 'No such zone');
      const mask = new PolygonMask(compactPolygons([zone.geometry.coordinates]));
      return {
        bbox: mask.bbox,
        contains: (lon, lat) => mask.contains(lon, lat),
        areaKm2: zone.area_km2,
        province: null,
      };
    }
    case 'polygon': {
      const geometry = { type: 'Polygon' as const, coordinates: [area.coordinates] };
      const issue = validatePolygon(geometry)[0];
      if (issue) throw invalid('area.coordinates', issue.message);
      const mask = new PolygonMask(compactPolygons([geometry.coordinates]));
      return {
        bbox: mask.bbox,
        contains: (lon, lat) => mask.contains(lon, lat),
        areaKm2: geodesicAreaKm2(geometry.coordinates),
        province: null,
      };
    }
    case 'radius':
      return {
        near: { lat: area.lat, lon: area.lon, radiusKm: area.radius_km },
        contains: null,
        areaKm2: Math.PI * area.radius_km ** 2,
        province: null,
      };
    case 'bbox': {
      if (area.south >= area.north) throw invalid('area.north', 'must be north of south');
      const { west, south, east, north } = area;
      const ring: [number, number][] = [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ];
      return {
        bbox: { west, south, east, north },
        contains: null,
        areaKm2: geodesicAreaKm2([ring]),
        province: null,
      };
    }
  }
}
