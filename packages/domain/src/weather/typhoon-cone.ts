import { bearingDeg, destinationPoint } from '../geo/geodesy.js';
import { NM_TO_KM } from './typhoon-grade.js';

/**
 * Radius of the cone of uncertainty by lead time (hours → nautical miles): close to the 2020s Atlantic
 * two-thirds probability circles of the US National Hurricane Center (the centre stays inside the circle
 * in two forecasts of three). Between entries the radius is interpolated linearly; beyond the last it grows
 * at the last segment's rate.
 */
const CONE_RADII_NM: readonly [number, number][] = [
  [0, 0],
  [12, 26],
  [24, 41],
  [36, 55],
  [48, 69],
  [72, 103],
  [96, 151],
  [120, 196],
];

export function coneRadiusKm(leadH: number): number {
  const table = CONE_RADII_NM;
  let i = 1;
  while (i < table.length - 1 && (table[i] as [number, number])[0] < leadH) i++;
  const [h0, r0] = table[i - 1] as [number, number];
  const [h1, r1] = table[i] as [number, number];
  const r = r0 + ((r1 - r0) * (Math.max(0, leadH) - h0)) / (h1 - h0);
  return Math.max(0, r) * NM_TO_KM;
}

export interface ConeInput {
  lat: number;
  lon: number;
  leadH: number;
}

/** Hours between the interpolated centres the outline is built from. */
const STEP_H = 3;
/** The most centres interpolated between two forecast points (a 600 h gap at 3 h; wider gaps step wider). */
const MAX_STEPS_PER_GAP = 200;
/** Points on the half circle that closes the cone at its last centre. */
const CAP_POINTS = 12;

/**
 * The cone of a forecast track: the outline swept by the circles of `coneRadiusKm` around the forecast
 * centres (the current position first, lead 0). Built from offsets at right angles to the track on either
 * side of centres interpolated every 3 h, closed by a half circle at the end. A GeoJSON polygon ring
 * ([lon, lat], closed); null for fewer than two centres. Points off the globe or without a finite lead are
 * left out; between two points at most MAX_STEPS_PER_GAP centres are interpolated.
 */
export function forecastCone(points: readonly ConeInput[]): [number, number][] | null {
  const usable = points.filter(
    (p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 360 && Number.isFinite(p.leadH),
  );
  const centres = interpolate(usable.sort((a, b) => a.leadH - b.leadH));
  if (centres.length < 2) return null;
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  centres.forEach((c, i) => {
    const prev = centres[Math.max(0, i - 1)] as ConeInput;
    const next = centres[Math.min(centres.length - 1, i + 1)] as ConeInput;
    const heading = bearingDeg(prev.lat, prev.lon, next.lat, next.lon);
    const r = coneRadiusKm(c.leadH);
    const l = destinationPoint(c.lat, c.lon, heading - 90, r);
    const rt = destinationPoint(c.lat, c.lon, heading + 90, r);
    left.push([unwrap(l.lon, c.lon), l.lat]);
    right.push([unwrap(rt.lon, c.lon), rt.lat]);
  });
  const last = centres[centres.length - 1] as ConeInput;
  const before = centres[centres.length - 2] as ConeInput;
  const heading = bearingDeg(before.lat, before.lon, last.lat, last.lon);
  const r = coneRadiusKm(last.leadH);
  const cap: [number, number][] = [];
  for (let k = 1; k < CAP_POINTS; k++) {
    const p = destinationPoint(last.lat, last.lon, heading + 90 - (180 * k) / CAP_POINTS, r);
    cap.push([unwrap(p.lon, last.lon), p.lat]);
  }
  const ring = [...right, ...cap, ...left.reverse()];
  ring.push(ring[0] as [number, number]);
  return ring.map(([lon, lat]) => [round(lon), round(lat)]);
}

/** Keeps a longitude on the same side of the antimeridian as the centre it was offset from. */
function unwrap(lon: number, near: number): number {
  if (lon - near > 180) return lon - 360;
  if (near - lon > 180) return lon + 360;
  return lon;
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function interpolate(points: ConeInput[]): ConeInput[] {
  const out: ConeInput[] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as ConeInput;
    out.push(a);
    const b = points[i + 1];
    if (!b) break;
    const span = b.leadH - a.leadH;
    const step = Math.max(STEP_H, span / MAX_STEPS_PER_GAP);
    for (let h = step; h < span; h += step) {
      const f = h / span;
      out.push({ lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f, leadH: a.leadH + h });
    }
  }
  return out;
}
