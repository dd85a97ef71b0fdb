import type {
  TyphoonDetail,
  TyphoonGrade,
  TyphoonPoint,
  WindRadii,
} from '@thunderwatch/shared/schemas/typhoon';
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';

/**
 * Map features of the typhoon layer, built from the storms' details: the observed track as segments and
 * points coloured by grade, the 34/50/64-kt wind radii around the latest point as four quarter-discs each,
 * the forecast track (dashed) and the cone of uncertainty.
 */

/**
 * Grade colours as the CMA's typhoon web (National Meteorological Centre) keys them: TD green, TS blue, STS
 * yellow, TY orange, STY pink, SuperTY red. LO and ET are not CMA grades on that key: greys.
 */
export const GRADE_COLORS: Record<TyphoonGrade, string> = {
  LO: '#9ca3af',
  TD: '#02ff02',
  TS: '#0264ff',
  STS: '#fffb05',
  TY: '#ffac05',
  STY: '#f171f9',
  SuperTY: '#fe0202',
  ET: '#c4b5fd',
};

/** The grades in the legend, weakest first. */
export const LEGEND_GRADES: readonly TyphoonGrade[] = ['TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY'];

export const RADII_COLORS: Record<WindRadii['kt'], string> = { 34: '#facc15', 50: '#fb923c', 64: '#ef4444' };
export const FORECAST_COLOR = '#e2e8f0';
export const CONE_COLOR = '#94a3b8';

export type TyphoonFeatureKind = 'track' | 'radii' | 'forecast' | 'cone';

/** What the popup of a track or forecast point shows. */
export interface TyphoonPointProps {
  storm: string;
  name: string;
  time: string;
  pressure_hpa: number | null;
  wind_ms: number | null;
  grade: TyphoonGrade;
  color: string;
  /** Hours ahead of the forecast's base; null on the observed track. */
  lead_h: number | null;
}

export interface TyphoonMapData {
  /** Lines and shapes (kind: track, radii, forecast, cone). */
  shapes: FeatureCollection;
  /** Track and forecast points, the clickable ones. */
  points: FeatureCollection<Point, TyphoonPointProps>;
}

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;
/** Vertices along each quarter-disc's arc. */
const ARC_STEPS = 12;

/** The point `km` from (lon, lat) on a bearing in degrees clockwise from north, on a sphere. */
export function destination(lon: number, lat: number, bearingDeg: number, km: number): [number, number] {
  const d = km / EARTH_KM;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const l1 = lon * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 =
    l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [round6(l2 / RAD), round6(p2 / RAD)];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The wind radii of one threshold as one ring: the centre, then each quadrant's arc (NE 0–90°, SE 90–180°,
 * SW 180–270°, NW 270–360°) at its own radius, as the ATCF gives them. Null when every quadrant is 0.
 */
export function radiiPolygon(lon: number, lat: number, radii: WindRadii): Polygon | null {
  const quadrants = [radii.ne_km, radii.se_km, radii.sw_km, radii.nw_km];
  if (quadrants.every((km) => km <= 0)) return null;
  const ring: [number, number][] = [];
  quadrants.forEach((km, q) => {
    for (let i = 0; i <= ARC_STEPS; i++) {
      const bearing = q * 90 + (i * 90) / ARC_STEPS;
      ring.push(km > 0 ? destination(lon, lat, bearing, km) : [lon, lat]);
    }
  });
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The storm's display name: the name in the language shown, else the other, else its id. */
export function stormName(
  storm: Pick<TyphoonDetail, 'id' | 'name_en' | 'name_zh'>,
  language: string,
): string {
  const names = language === 'zh-Hans' ? [storm.name_zh, storm.name_en] : [storm.name_en, storm.name_zh];
  return names.find((n): n is string => Boolean(n)) ?? storm.id.toUpperCase();
}

/** Observed track as one segment per step, coloured by the grade at the step's start (the CMA's way). */
export function trackFeatures(storm: TyphoonDetail): Feature<LineString>[] {
  return storm.track.slice(1).map((to, i) => {
    const from = storm.track[i] as TyphoonPoint;
    return {
      type: 'Feature',
      properties: { kind: 'track', storm: storm.id, color: GRADE_COLORS[from.grade] },
      geometry: {
        type: 'LineString',
        coordinates: [
          [from.lon, from.lat],
          [to.lon, to.lat],
        ],
      },
    };
  });
}

/** The wind radii of the latest track point, widest first (so the 64-kt one is drawn over the 34-kt one). */
export function radiiFeatures(storm: TyphoonDetail): Feature<Polygon>[] {
  const latest = storm.track.at(-1);
  if (!latest) return [];
  return [...latest.radii]
    .sort((a, b) => a.kt - b.kt)
    .flatMap((r) => {
      const polygon = radiiPolygon(latest.lon, latest.lat, r);
      return polygon
        ? [
            {
              type: 'Feature' as const,
              properties: { kind: 'radii', storm: storm.id, kt: r.kt, color: RADII_COLORS[r.kt] },
              geometry: polygon,
            },
          ]
        : [];
    });
}

/** The forecast track from the latest observed point (a dashed line) and the cone around it. */
export function forecastFeatures(storm: TyphoonDetail): Feature[] {
  const features: Feature[] = [];
  if (storm.cone) {
    features.push({
      type: 'Feature',
      properties: { kind: 'cone', storm: storm.id, color: CONE_COLOR },
      geometry: storm.cone,
    });
  }
  const latest = storm.track.at(-1);
  const path = [...(latest ? [latest] : []), ...storm.forecast].map((p) => [p.lon, p.lat]);
  if (storm.forecast.length > 0 && path.length >= 2) {
    features.push({
      type: 'Feature',
      properties: { kind: 'forecast', storm: storm.id, color: FORECAST_COLOR },
      geometry: { type: 'LineString', coordinates: path },
    });
  }
  return features;
}

/** Track points, then forecast points, each with what its popup shows. */
export function pointFeatures(storm: TyphoonDetail, language: string): Feature<Point, TyphoonPointProps>[] {
  const name = stormName(storm, language);
  const point = (p: TyphoonPoint, lead: number | null): Feature<Point, TyphoonPointProps> => ({
    type: 'Feature',
    properties: {
      storm: storm.id,
      name,
      time: p.time,
      pressure_hpa: p.pressure_hpa,
      wind_ms: p.wind_ms,
      grade: p.grade,
      color: GRADE_COLORS[p.grade],
      lead_h: lead,
    },
    geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
  });
  return [...storm.track.map((p) => point(p, null)), ...storm.forecast.map((p) => point(p, p.lead_h))];
}

/** Everything the layer draws for the storms given. */
export function typhoonMapData(storms: readonly TyphoonDetail[], language: string): TyphoonMapData {
  return {
    shapes: {
      type: 'FeatureCollection',
      features: storms.flatMap((s) => [...forecastFeatures(s), ...radiiFeatures(s), ...trackFeatures(s)]),
    },
    points: { type: 'FeatureCollection', features: storms.flatMap((s) => pointFeatures(s, language)) },
  };
}
