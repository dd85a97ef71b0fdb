import { distanceKm } from '../geo/geodesy.js';

/** Aircraft within this distance of an airport are shown in its aviation view and can raise its alarms. */
export const AIRPORT_RADIUS_KM = 50;
/** An airport raises flight alarms from this warning level (orange) up. */
export const FLIGHT_ALARM_MIN_LEVEL = 2;

export type FlightHazard = 'none' | 'near' | 'inside';

/** An airport now: its warning level (0 clear … 3 red). */
export interface AirportNow {
  locationId: number;
  level: number;
}

/** An aircraft seen within the radius of an airport, with its lightning hazard there. */
export interface AircraftAtAirport {
  icao24: string;
  locationId: number;
  hazard: FlightHazard;
  /** On the ground (taxiing, parked): the airport's own lightning warning covers it, not a flight alarm. */
  onGround?: boolean;
}

export interface FlightPair {
  icao24: string;
  locationId: number;
}

export interface FlightAlarmStep<A extends AircraftAtAirport> {
  /** Entered a cell (no alarm open for the pair) while the airport is at level ≥ 2: raise, with that level. */
  raise: (A & { level: 2 | 3 })[];
  /** Still inside with the alarm open. */
  hold: A[];
  /** Open alarms whose aircraft is no longer inside, left, went unseen, or whose airport fell below 2. */
  clear: FlightPair[];
}

const key = (p: FlightPair) => `${p.icao24}\u0000${p.locationId}`;

/**
 * One evaluation of flight alarms: one alarm per aircraft and airport per episode (inside a cell while the
 * airport is at level ≥ 2). The episode ends when the aircraft is no longer inside (or not seen within the
 * radius), or the airport's level falls below 2; entering a cell again afterwards is a new episode.
 */
export function flightAlarmStep<A extends AircraftAtAirport>(input: {
  airports: readonly AirportNow[];
  aircraft: readonly A[];
  open: readonly FlightPair[];
}): FlightAlarmStep<A> {
  const levelOf = new Map(input.airports.map((a) => [a.locationId, a.level]));
  const openKeys = new Set(input.open.map(key));
  const insideKeys = new Set<string>();
  const raise: FlightAlarmStep<A>['raise'] = [];
  const hold: A[] = [];
  for (const a of input.aircraft) {
    const level = levelOf.get(a.locationId) ?? 0;
    if (a.hazard !== 'inside' || a.onGround || level < FLIGHT_ALARM_MIN_LEVEL) continue;
    const k = key(a);
    if (insideKeys.has(k)) continue;
    insideKeys.add(k);
    if (openKeys.has(k)) hold.push(a);
    else raise.push({ ...a, level: Math.min(3, level) as 2 | 3 });
  }
  const clear = input.open.filter((p) => !insideKeys.has(key(p)));
  return { raise, hold, clear };
}

/** The box (degrees) around a point that holds the circle of `radiusKm`. */
export function boxAround(
  lat: number,
  lon: number,
  radiusKm: number,
): { west: number; south: number; east: number; north: number } {
  const dLat = radiusKm / 111;
  const dLon = radiusKm / (111 * Math.max(0.05, Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180)));
  return {
    west: Math.max(-180, lon - dLon),
    south: Math.max(-90, lat - dLat),
    east: Math.min(180, lon + dLon),
    north: Math.min(90, lat + dLat),
  };
}

/** The positions within `radiusKm` of a point with their distance (km, 2 decimals), nearest first. */
export function withinRadius<P extends { lat: number; lon: number }>(
  lat: number,
  lon: number,
  radiusKm: number,
  positions: readonly P[],
): (P & { distanceKm: number })[] {
  return positions
    .map((p) => ({ ...p, distanceKm: Math.round(distanceKm(lat, lon, p.lat, p.lon) * 100) / 100 }))
    .filter((p) => p.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
