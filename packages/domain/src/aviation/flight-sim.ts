import { destinationPoint } from '../geo/geodesy.js';
import type { AircraftPosition } from './aircraft-position.js';

/**
 * The demo world's traffic at Baiyun (ZGGG): a movement every 2 minutes, arrivals and departures in turn,
 * each along its own bearing out to 120 km over 20 minutes. A pure function of time, so a restart regenerates
 * the same positions; the demo storms cross the airport (a hotspot of the lightning simulator), so aircraft
 * climb and descend through them.
 */
export const ZGGG = { lat: 23.3924, lon: 113.2988 };
export const SIM_MOVEMENT_EVERY_MS = 2 * 60_000;
export const SIM_MOVEMENT_MS = 20 * 60_000;
const RANGE_KM = 120;
const CRUISE_M = 7200;
const GOLDEN_DEG = 137.507_764;

export interface SimMovement {
  n: number;
  kind: 'arrival' | 'departure';
  startMs: number;
  bearingDeg: number;
  icao24: string;
  callsign: string;
}

export function simMovement(n: number): SimMovement {
  const airline = ['CSN', 'CES', 'CCA', 'CHH'][n % 4] as string;
  return {
    n,
    kind: n % 2 === 0 ? 'arrival' : 'departure',
    startMs: n * SIM_MOVEMENT_EVERY_MS,
    bearingDeg: (((n * GOLDEN_DEG) % 360) + 360) % 360,
    // 0x780000–0x7bffff is China's block of addresses.
    icao24: (0x780000 + (((n % 0x40000) + 0x40000) % 0x40000)).toString(16),
    callsign: `${airline}${1000 + (((n % 9000) + 9000) % 9000)}`,
  };
}

/** Where a movement is at `timeMs`; null before it starts or after it ends. */
export function simPosition(m: SimMovement, timeMs: number): AircraftPosition | null {
  const p = (timeMs - m.startMs) / SIM_MOVEMENT_MS;
  if (p < 0 || p > 1) return null;
  const out = m.kind === 'departure' ? p : 1 - p;
  const at = destinationPoint(ZGGG.lat, ZGGG.lon, m.bearingDeg, RANGE_KM * out);
  const climbSign = m.kind === 'departure' ? 1 : -1;
  return {
    icao24: m.icao24,
    timeMs,
    lat: at.lat,
    lon: at.lon,
    altitudeM: Math.round(150 + (CRUISE_M - 150) * out),
    onGround: false,
    speedMs: Math.round(80 + 150 * out),
    trackDeg: m.kind === 'departure' ? m.bearingDeg : (m.bearingDeg + 180) % 360,
    verticalRateMs: Math.round(climbSign * ((CRUISE_M - 150) / (SIM_MOVEMENT_MS / 1000)) * 10) / 10,
    callsign: m.callsign,
    squawk: (m.n % 4096).toString(8).padStart(4, '0'),
  };
}

/** Every simulated aircraft at `timeMs`. */
export function simTraffic(timeMs: number): AircraftPosition[] {
  const last = Math.floor(timeMs / SIM_MOVEMENT_EVERY_MS);
  const first = Math.ceil((timeMs - SIM_MOVEMENT_MS) / SIM_MOVEMENT_EVERY_MS);
  const out: AircraftPosition[] = [];
  for (let n = first; n <= last; n++) {
    const p = simPosition(simMovement(n), timeMs);
    if (p) out.push(p);
  }
  return out;
}
