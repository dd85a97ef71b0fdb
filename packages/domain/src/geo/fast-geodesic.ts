/**
 * Vincenty's inverse and direct formulas on WGS84 for the hot path of the warning engine. GeographicLib's
 * inverse costs about 1.4 µs; a stroke near a city is within reach of a dozen locations or more, so the
 * engine needs something several times faster (this: ~0.17 µs). For lines shorter than ~3,000 km they
 * agree with GeographicLib to a few millimetres (checked in the tests); anything else (long lines, the
 * poles, coincident points, no convergence) is handed to GeographicLib.
 */
import {
  geodesicDirectWithAzimuth,
  geodesicInverse,
  normaliseAzimuth,
  WGS84_A_KM,
  WGS84_F,
} from './geodesic.js';

const RAD = Math.PI / 180;
const B_KM = WGS84_A_KM * (1 - WGS84_F);
const EP2 = (WGS84_A_KM * WGS84_A_KM - B_KM * B_KM) / (B_KM * B_KM);
/** Beyond ~3,000 km (0.5 rad on the auxiliary sphere) GeographicLib takes over. */
const MAX_SIGMA = 0.5;
/**
 * Distance and azimuth come from the λ before the last step, so the distance is off by at most that step
 * times the Earth's radius: 5e-10 rad ≈ 3 mm, far inside the 1 m the warnings need. Mostly one step.
 */
const LAMBDA_TOLERANCE = 5e-10;
const MAX_ITERATIONS = 12;

/** Mutable result, so that the hot path allocates nothing. */
export interface InverseResult {
  km: number;
  azimuthDeg: number;
}

/** Writes sin β and cos β of the reduced latitude (tan β = (1 − f) tan φ) at `at` and `at + 1`. */
export function setReducedLatitude(lat: number, out: Float64Array, at: number): void {
  const phi = lat * RAD;
  const s = (1 - WGS84_F) * Math.sin(phi);
  const c = Math.cos(phi);
  // (Math.hypot is several times slower and no more precise here.)
  const h = Math.sqrt(s * s + c * c);
  out[at] = s / h;
  out[at + 1] = c / h;
}

const reduced = new Float64Array(4);

/**
 * Geodesic distance from point 1 to point 2 and the azimuth at point 1, written into `out`. Same answer
 * as `geodesicInverse` to < 5 mm, and to < 0.001° in azimuth for lines over 1 km.
 */
export function fastGeodesicInverse(
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
  out: InverseResult,
): void {
  setReducedLatitude(lat1, reduced, 0);
  setReducedLatitude(lat2, reduced, 2);
  fastGeodesicInverseReduced(
    lat1,
    lon1,
    reduced[0] as number,
    reduced[1] as number,
    lat2,
    lon2,
    reduced[2] as number,
    reduced[3] as number,
    out,
  );
}

/** `fastGeodesicInverse` for points whose reduced latitudes (sin β, cos β) are already known. */
export function fastGeodesicInverseReduced(
  lat1: number,
  lon1: number,
  sinU1: number,
  cosU1: number,
  lat2: number,
  lon2: number,
  sinU2: number,
  cosU2: number,
  out: InverseResult,
): void {
  if (
    Math.abs(lat1) >= 89.9999 ||
    Math.abs(lat2) >= 89.9999 ||
    !vincenty(sinU1, cosU1, lon2 - lon1, sinU2, cosU2, out)
  ) {
    const exact = geodesicInverse(lat1, lon1, lat2, lon2);
    out.km = exact.km;
    out.azimuthDeg = exact.azimuthDeg;
  }
}

function vincenty(
  sinU1: number,
  cosU1: number,
  lon12: number,
  sinU2: number,
  cosU2: number,
  out: InverseResult,
): boolean {
  let dLon = lon12 % 360;
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  const L = dLon * RAD;

  // On the auxiliary sphere the longitude difference is about L / (1 − f cos β1 cos β2): starting there
  // saves one iteration.
  let lambda = L / (1 - WGS84_F * cosU1 * cosU2);
  let azimuthY = 0;
  let azimuthX = 0;
  let sinSigma = 0;
  let cosSigma = 0;
  let sigma = 0;
  let cos2Alpha = 0;
  let cos2SigmaM = 0;
  let converged = false;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    azimuthY = cosU2 * sinLambda;
    azimuthX = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda;
    sinSigma = Math.sqrt(azimuthY * azimuthY + azimuthX * azimuthX);
    // Coincident points: GeographicLib defines the azimuth there.
    if (sinSigma < 1e-12) return false;
    cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    sigma = Math.atan2(sinSigma, cosSigma);
    if (sigma > MAX_SIGMA) return false;
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    cos2Alpha = 1 - sinAlpha * sinAlpha;
    // On the equator cos²α = 0 and the term vanishes.
    cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (WGS84_F / 16) * cos2Alpha * (4 + WGS84_F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda =
      L +
      (1 - C) *
        WGS84_F *
        sinAlpha *
        (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < LAMBDA_TOLERANCE) {
      converged = true;
      break;
    }
  }
  if (!converged) return false;

  const u2 = cos2Alpha * EP2;
  const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
  const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
  const c2 = cos2SigmaM * cos2SigmaM;
  const deltaSigma =
    B *
    sinSigma *
    (cos2SigmaM +
      (B / 4) *
        (cosSigma * (-1 + 2 * c2) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2)));
  out.km = B_KM * A * (sigma - deltaSigma);
  out.azimuthDeg = normaliseAzimuth(Math.atan2(azimuthY, azimuthX) / RAD);
  return true;
}

/** Mutable result of the direct problem: the point reached and the forward azimuth there. */
export interface DirectResult {
  lat: number;
  lon: number;
  azimuthDeg: number;
}

/**
 * The point `km` along the geodesic that leaves (lat, lon) with `azimuthDeg`, and the forward azimuth
 * there (Vincenty's direct formula, < 1 mm from GeographicLib for lines under ~3,000 km; GeographicLib
 * beyond that and at the poles).
 */
export function fastGeodesicDirect(
  lat: number,
  lon: number,
  azimuthDeg: number,
  km: number,
  out: DirectResult,
): void {
  if (Math.abs(lat) >= 89.9999 || km > MAX_SIGMA * B_KM || !vincentyDirect(lat, lon, azimuthDeg, km, out)) {
    const p = geodesicDirectWithAzimuth(lat, lon, azimuthDeg, km);
    out.lat = p.lat;
    out.lon = p.lon;
    out.azimuthDeg = p.azimuthDeg;
  }
}

function vincentyDirect(
  lat: number,
  lon: number,
  azimuthDeg: number,
  km: number,
  out: DirectResult,
): boolean {
  const alpha1 = azimuthDeg * RAD;
  const sinAlpha1 = Math.sin(alpha1);
  const cosAlpha1 = Math.cos(alpha1);
  setReducedLatitude(lat, reduced, 0);
  const sinU1 = reduced[0] as number;
  const cosU1 = reduced[1] as number;
  const sigma1 = Math.atan2(sinU1, cosU1 * cosAlpha1);
  const sinAlpha = cosU1 * sinAlpha1;
  const cos2Alpha = 1 - sinAlpha * sinAlpha;
  const u2 = cos2Alpha * EP2;
  const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
  const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
  const base = km / (B_KM * A);
  let sigma = base;
  let sinSigma = 0;
  let cosSigma = 1;
  let cos2SigmaM = 0;
  for (let i = 0; ; i++) {
    if (i === MAX_ITERATIONS) return false;
    cos2SigmaM = Math.cos(2 * sigma1 + sigma);
    sinSigma = Math.sin(sigma);
    cosSigma = Math.cos(sigma);
    const c2 = cos2SigmaM * cos2SigmaM;
    const deltaSigma =
      B *
      sinSigma *
      (cos2SigmaM +
        (B / 4) *
          (cosSigma * (-1 + 2 * c2) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2)));
    const next = base + deltaSigma;
    // σ's error here is at most this step (1e-12 rad ≈ 6 µm).
    if (Math.abs(next - sigma) < 1e-12) break;
    sigma = next;
  }
  const t = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1;
  const phi2 = Math.atan2(
    sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
    (1 - WGS84_F) * Math.sqrt(sinAlpha * sinAlpha + t * t),
  );
  const lambda = Math.atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1);
  const C = (WGS84_F / 16) * cos2Alpha * (4 + WGS84_F * (4 - 3 * cos2Alpha));
  const L =
    lambda -
    (1 - C) *
      WGS84_F *
      sinAlpha *
      (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
  out.lat = phi2 / RAD;
  out.lon = ((((lon + L / RAD + 180) % 360) + 360) % 360) - 180;
  out.azimuthDeg = normaliseAzimuth(Math.atan2(sinAlpha, -t) / RAD);
  return true;
}
