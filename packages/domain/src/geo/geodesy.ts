/**
 * Great-circle geometry on a sphere of the mean Earth radius (IUGG R1). Over alarm-ring distances
 * (≤ 100 km) the sphere differs from the WGS84 ellipsoid by < 0.5 %, well inside location errors.
 */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

/** Haversine distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  // min() guards against h creeping above 1 through rounding for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const φ1 = lat1 * RAD;
  const φ2 = lat2 * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const y = Math.sin(dLon) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dLon);
  const deg = Math.atan2(y, x) / RAD;
  // (-0 + 360) % 360 is 0; rounding can give exactly 360 for tiny negative angles, hence the second %.
  return ((deg % 360) + 360) % 360;
}

/** The point reached from (lat, lon) going `distance` km along the initial bearing `bearing` (deg). */
export function destinationPoint(
  lat: number,
  lon: number,
  bearing: number,
  distance: number,
): { lat: number; lon: number } {
  const δ = distance / EARTH_RADIUS_KM;
  const θ = bearing * RAD;
  const φ1 = lat * RAD;
  const λ1 = lon * RAD;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  // Longitude back into [-180, 180).
  return { lat: φ2 / RAD, lon: ((((λ2 / RAD + 180) % 360) + 360) % 360) - 180 };
}
