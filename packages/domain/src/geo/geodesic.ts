/**
 * Exact geodesics on the WGS84 ellipsoid (GeographicLib, accurate to a few nanometres). Warning distances
 * must be exact to 1 m, which the mean-radius sphere of `geodesy.ts` (errors up to 0.5 %) is not.
 */
import geographiclib from 'geographiclib-geodesic';

/** A GeoJSON position: [longitude, latitude] in degrees. */
export type Position = [number, number];

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** Semi-major axis and flattening of WGS84, in km. */
export const WGS84_A_KM = WGS84.a / 1000;
export const WGS84_F = WGS84.f;

/** Bit masks that ask GeographicLib for only the quantities used here. */
export const GEODESIC_MASK = {
  latLon: Geodesic.LATITUDE | Geodesic.LONGITUDE,
  distanceAzimuth: Geodesic.DISTANCE | Geodesic.AZIMUTH,
  lineWithAzimuth: Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.AZIMUTH | Geodesic.DISTANCE_IN,
} as const;

/** Azimuth in [0, 360): GeographicLib answers in [-180, 180]. */
export function normaliseAzimuth(deg: number): number {
  const a = deg % 360;
  const b = a < 0 ? a + 360 : a;
  // -1e-15 + 360 rounds to exactly 360.
  return b >= 360 ? 0 : b;
}

/** Geodesic distance (km) and the azimuth at point 1 towards point 2 (degrees clockwise from north). */
export function geodesicInverse(
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
): { km: number; azimuthDeg: number } {
  const r = WGS84.Inverse(lat1, lon1, lat2, lon2, GEODESIC_MASK.distanceAzimuth);
  return { km: (r.s12 ?? 0) / 1000, azimuthDeg: normaliseAzimuth(r.azi1 ?? 0) };
}

/** The point reached from (lat, lon) after `km` along the geodesic that starts with `azimuthDeg`. */
export function geodesicDirect(
  lat: number,
  lon: number,
  azimuthDeg: number,
  km: number,
): { lat: number; lon: number } {
  const r = WGS84.Direct(lat, lon, azimuthDeg, km * 1000, GEODESIC_MASK.latLon);
  return { lat: r.lat2 ?? lat, lon: r.lon2 ?? lon };
}

/** `geodesicDirect` that also gives the forward azimuth at the point reached. */
export function geodesicDirectWithAzimuth(
  lat: number,
  lon: number,
  azimuthDeg: number,
  km: number,
): { lat: number; lon: number; azimuthDeg: number } {
  const r = WGS84.Direct(lat, lon, azimuthDeg, km * 1000, GEODESIC_MASK.latLon | Geodesic.AZIMUTH);
  return { lat: r.lat2 ?? lat, lon: r.lon2 ?? lon, azimuthDeg: normaliseAzimuth(r.azi2 ?? azimuthDeg) };
}

/** One geodesic edge between two vertices, to walk along by distance from its start. */
export interface GeodesicEdge {
  /** Length in km. */
  readonly km: number;
  /** The point `km` from the start, with the edge's forward azimuth there. */
  at(km: number): { lat: number; lon: number; azimuthDeg: number };
}

export function geodesicEdge(lat1: number, lon1: number, lat2: number, lon2: number): GeodesicEdge {
  const line = WGS84.InverseLine(lat1, lon1, lat2, lon2, GEODESIC_MASK.lineWithAzimuth);
  return {
    km: line.s13 / 1000,
    at(km) {
      const p = line.Position(km * 1000, GEODESIC_MASK.lineWithAzimuth);
      return { lat: p.lat2 ?? lat1, lon: p.lon2 ?? lon1, azimuthDeg: p.azi2 ?? 0 };
    },
  };
}

/**
 * Area in km² of a GeoJSON polygon (outer ring minus holes) with geodesic edges. Ring orientation does
 * not matter; a closing vertex equal to the first is optional.
 */
export function geodesicAreaKm2(polygon: readonly (readonly Position[])[]): number {
  let area = 0;
  polygon.forEach((ring, i) => {
    const a = Math.abs(ringAreaM2(ring)) / 1e6;
    area += i === 0 ? a : -a;
  });
  return Math.abs(area);
}

function ringAreaM2(ring: readonly Position[]): number {
  const poly = WGS84.Polygon(false);
  const n = isClosed(ring) ? ring.length - 1 : ring.length;
  for (let i = 0; i < n; i++) {
    const p = ring[i] as Position;
    poly.AddPoint(p[1], p[0]);
  }
  // sign=true: a clockwise ring gives a negative area, not the rest of the Earth.
  return poly.Compute(false, true).area ?? 0;
}

export function isClosed(ring: readonly Position[]): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return (
    ring.length > 1 &&
    first !== undefined &&
    last !== undefined &&
    first[0] === last[0] &&
    first[1] === last[1]
  );
}
