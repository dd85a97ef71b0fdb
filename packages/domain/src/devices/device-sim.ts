/**
 * The demo world's detection network: four lightning detection stations around the Pearl River Delta, each
 * sending a heartbeat a minute. Pure functions of time, so a restart sends the same values. One station
 * (`sim-station-3`) loses its GPS lock 10 minutes of every hour, so the device screen shows a degraded one.
 */
export interface SimStation {
  id: string;
  /** Its own (Chinese) name, and its English one (installs from before migration 044 had both in `name`). */
  name: string;
  nameEn: string;
  /** The demo location whose group owns it. */
  locationName: string;
  lat: number;
  lon: number;
  serial: string;
}

export const SIM_STATION_MODEL = 'TW-LD1 (simulated)';
export const SIM_HEARTBEAT_EVERY_MS = 60_000;

export function simStations(locationName: string): SimStation[] {
  return [
    { id: 'sim-station-1', name: '从化', nameEn: 'Conghua', lat: 23.548, lon: 113.586 },
    { id: 'sim-station-2', name: '深圳', nameEn: 'Shenzhen', lat: 22.543, lon: 114.058 },
    { id: 'sim-station-3', name: '珠海', nameEn: 'Zhuhai', lat: 22.271, lon: 113.577 },
    { id: 'sim-station-4', name: '清远', nameEn: 'Qingyuan', lat: 23.682, lon: 113.056 },
  ].map((s, i) => ({ ...s, locationName, serial: `SIM-LD1-${String(i + 1).padStart(4, '0')}` }));
}

/** A stable value in [0, 1) for a station and a minute (no state kept between calls). */
function noise01(seed: number, minute: number): number {
  const x = Math.sin(seed * 12.9898 + minute * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** The heartbeat station `index` (0-based) sends at `timeMs` (on the whole minute). */
export function simHeartbeat(
  index: number,
  timeMs: number,
): {
  time: string;
  gps_lock: boolean;
  temperature_c: number;
  voltage_v: number;
  noise: number;
  strokes: number;
} {
  const minute = Math.floor(timeMs / 60_000);
  const r = noise01(index + 1, minute);
  // A day's warmth in the enclosure: coolest about 05:00, warmest about 14:00 (China time).
  const dayPhase = ((((minute + 8 * 60) % 1440) - 14 * 60) / 1440) * 2 * Math.PI;
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    time: new Date(minute * 60_000).toISOString(),
    gps_lock: !(index === 2 && minute % 60 < 10),
    temperature_c: round1(31 + 7 * Math.cos(dayPhase) + index + r),
    voltage_v: round1(12.4 + 0.6 * r),
    noise: Math.round(12 + 20 * r),
    strokes: Math.floor(40 * noise01(index + 11, minute)),
  };
}
