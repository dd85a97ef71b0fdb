import { bearingDeg, distanceKm } from '../geo/geodesy.js';
import { gradeOfWindMs, KT_TO_MS, NM_TO_KM } from './typhoon-grade.js';

/**
 * The demo world's weather: a typhoon that forms east of Luzon every few days and makes landfall in western
 * Guangdong, coastal stations whose wind, pressure and rain follow it, and buoys whose waves follow the wind.
 * Everything is a pure function of time (and station), so a restart regenerates the same readings and the
 * ingest's upserts find nothing new. The shapes are textbook, not a forecast model:
 * - track and intensity: piecewise linear through fixed waypoints;
 * - pressure from wind: Atkinson & Holliday (1977), Vmax(kt) = 6.7 (1010 − p)^0.644;
 * - wind field: a modified Rankine vortex (linear inside the radius of maximum wind, ∝ r^−0.5 outside) turned
 *   20° inward, on a 3 m/s north-easterly background;
 * - surface pressure: Holland (1980) with B = 1, p(r) = pc + (pn − pc)·e^(−Rmax/r);
 * - waves: the Pierson–Moskowitz fully developed sea, Hs = 0.21 U²/g, scaled by 0.55 for the limited fetch and
 *   duration inside a moving typhoon, on 0.8 m of swell; peak period Tp = 0.73 U (≥ 5 s).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** One storm per cycle; the next forms as the last one dies inland. */
export const SIM_TYPHOON_CYCLE_MS = 4 * DAY_MS;
/** Best-track interval (ATCF b-decks and CMA give 6-hourly positions). */
export const SIM_TYPHOON_STEP_MS = 6 * HOUR_MS;
export const SIM_FORECAST_LEADS_H = [12, 24, 36, 48, 72] as const;

/** [days since genesis, lat, lon, max wind m/s]: a storm that peaks over the Luzon Strait and lands near Yangjiang. */
const WAYPOINTS: readonly (readonly [number, number, number, number])[] = [
  [0, 12.5, 135.0, 15],
  [0.8, 13.8, 130.0, 24],
  [1.6, 15.6, 125.0, 38],
  [2.4, 17.8, 120.0, 50],
  [3.0, 20.0, 116.0, 47],
  [3.4, 21.6, 112.3, 40],
  [4.0, 23.2, 108.8, 16],
];
const RMAX_KM = 40;
const AMBIENT_HPA = 1010;
const BACKGROUND_WIND_MS = 3;
/** The background wind blows from the north-east (the winter monsoon). */
const BACKGROUND_FROM_DEG = 45;

export interface SimStormState {
  lat: number;
  lon: number;
  windMs: number;
  pressureHpa: number;
}

/** Atkinson & Holliday (1977): the central pressure of a storm with this 1-minute maximum wind. */
export function pressureOfWind(windMs: number): number {
  const kt = windMs / KT_TO_MS;
  return Math.round(AMBIENT_HPA - (kt / 6.7) ** (1 / 0.644));
}

/** The storm of the cycle at `sinceGenesisMs` after its genesis, or null outside its life. */
export function simStormAt(sinceGenesisMs: number): SimStormState | null {
  const days = sinceGenesisMs / DAY_MS;
  const last = WAYPOINTS[WAYPOINTS.length - 1] as (typeof WAYPOINTS)[number];
  if (days < 0 || days > last[0]) return null;
  let i = 0;
  while (i < WAYPOINTS.length - 2 && days > (WAYPOINTS[i + 1] as (typeof WAYPOINTS)[number])[0]) i++;
  const a = WAYPOINTS[i] as (typeof WAYPOINTS)[number];
  const b = WAYPOINTS[i + 1] as (typeof WAYPOINTS)[number];
  const f = (days - a[0]) / (b[0] - a[0]);
  const at = (k: 1 | 2 | 3) => a[k] + (b[k] - a[k]) * f;
  const windMs = at(3);
  return { lat: at(1), lon: at(2), windMs, pressureHpa: pressureOfWind(windMs) };
}

/** The genesis time of the storm alive at `timeMs`. */
export function simGenesisMs(timeMs: number): number {
  return Math.floor(timeMs / SIM_TYPHOON_CYCLE_MS) * SIM_TYPHOON_CYCLE_MS;
}

/** Radius (km) of a wind threshold around a storm of `windMs`, 0 when the storm does not reach it. */
function radiusKm(windMs: number, thresholdKt: 34 | 50 | 64): number {
  const thresholdMs = thresholdKt * KT_TO_MS;
  if (windMs < thresholdMs) return 0;
  // Where the vortex's outer profile falls to the threshold: Vmax (Rmax / r)^0.5 = V  →  r = Rmax (Vmax / V)².
  return Math.round(RMAX_KM * (windMs / thresholdMs) ** 2);
}

/** ATCF b-deck text of the storm of the cycle containing `nowMs`: its 6-hourly track so far and a forecast. */
export function simTyphoonAtcf(nowMs: number): string {
  const genesis = simGenesisMs(nowMs);
  const number = String(Math.floor((genesis % (366 * DAY_MS)) / SIM_TYPHOON_CYCLE_MS) + 1).padStart(2, '0');
  const lines: string[] = [];
  let base = genesis;
  for (let t = genesis; t <= nowMs; t += SIM_TYPHOON_STEP_MS) {
    const s = simStormAt(t - genesis);
    if (!s) break;
    lines.push(...atcfLines(number, t, 0, 'BEST', s));
    base = t;
  }
  for (const lead of SIM_FORECAST_LEADS_H) {
    const s = simStormAt(base + lead * HOUR_MS - genesis);
    if (s) lines.push(...atcfLines(number, base, lead, 'OFCL', s));
  }
  return `${lines.join('\n')}\n`;
}

function ymdh(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, '');
}

function tenths(deg: number, pos: string, neg: string, width: number): string {
  return `${String(Math.round(Math.abs(deg) * 10)).padStart(width, ' ')}${deg < 0 ? neg : pos}`;
}

function atcfLines(number: string, baseMs: number, lead: number, tech: string, s: SimStormState): string[] {
  const kt = Math.round(s.windMs / KT_TO_MS);
  const grade = gradeOfWindMs(s.windMs);
  const ty = grade === 'TD' || grade === 'LO' ? 'TD' : grade === 'TS' || grade === 'STS' ? 'TS' : 'TY';
  const head = [
    'WP',
    number,
    ` ${ymdh(baseMs)}`,
    ' 03',
    ` ${tech}`,
    String(lead).padStart(4, ' '),
    ` ${tenths(s.lat, 'N', 'S', 3)}`,
    ` ${tenths(s.lon, 'E', 'W', 4)}`,
    String(kt).padStart(4, ' '),
    String(s.pressureHpa).padStart(5, ' '),
    ` ${ty}`,
  ];
  const thresholds = ([34, 50, 64] as const).filter((t) => radiusKm(s.windMs, t) > 0);
  const radii = thresholds.length > 0 ? thresholds : [0 as const];
  return radii.map((t) => {
    const km = t === 0 ? 0 : radiusKm(s.windMs, t);
    // The right-front quadrants (NE, SE for a storm heading west-north-west) reach further.
    const nm = [1.15, 1.05, 0.85, 0.95].map((k) => Math.round((km * k) / NM_TO_KM));
    const rad = [
      String(t).padStart(4, ' '),
      t === 0 ? '    ' : ' NEQ',
      ...nm.map((v) => String(v).padStart(5, ' ')),
    ];
    return [
      ...head,
      ...rad,
      ' 1008',
      '  250',
      `  ${RMAX_KM}`,
      '   0',
      '   0',
      '   L',
      '   0',
      '    ',
      '   0',
      '   0',
      '   DEMO',
    ].join(',');
  });
}

export interface SimStation {
  id: string;
  /** The station's own name, in Chinese, marked as the demo's. */
  name: string;
  /** Its English name, marked as the demo's too. */
  nameEn: string;
  lat: number;
  lon: number;
  elevation: number;
}

/** Coastal weather stations of the demo (city positions). */
export const SIM_WEATHER_STATIONS: readonly SimStation[] = [
  { id: 'SIM-SWATOW', name: '汕头（演示）', nameEn: 'Shantou (demo)', lat: 23.35, lon: 116.68, elevation: 3 },
  {
    id: 'SIM-SHANWEI',
    name: '汕尾（演示）',
    nameEn: 'Shanwei (demo)',
    lat: 22.78,
    lon: 115.37,
    elevation: 5,
  },
  {
    id: 'SIM-SHENZHEN',
    name: '深圳（演示）',
    nameEn: 'Shenzhen (demo)',
    lat: 22.54,
    lon: 114.06,
    elevation: 63,
  },
  {
    id: 'SIM-GUANGZHOU',
    name: '广州（演示）',
    nameEn: 'Guangzhou (demo)',
    lat: 23.13,
    lon: 113.26,
    elevation: 41,
  },
  {
    id: 'SIM-DONGGUAN',
    name: '东莞（演示）',
    nameEn: 'Dongguan (demo)',
    lat: 23.02,
    lon: 113.75,
    elevation: 20,
  },
  { id: 'SIM-ZHUHAI', name: '珠海（演示）', nameEn: 'Zhuhai (demo)', lat: 22.27, lon: 113.58, elevation: 54 },
  {
    id: 'SIM-TAISHAN',
    name: '台山（演示）',
    nameEn: 'Taishan (demo)',
    lat: 22.25,
    lon: 112.79,
    elevation: 33,
  },
  {
    id: 'SIM-YANGJIANG',
    name: '阳江（演示）',
    nameEn: 'Yangjiang (demo)',
    lat: 21.86,
    lon: 111.98,
    elevation: 23,
  },
  {
    id: 'SIM-MAOMING',
    name: '茂名（演示）',
    nameEn: 'Maoming (demo)',
    lat: 21.66,
    lon: 110.92,
    elevation: 25,
  },
  {
    id: 'SIM-ZHANJIANG',
    name: '湛江（演示）',
    nameEn: 'Zhanjiang (demo)',
    lat: 21.27,
    lon: 110.36,
    elevation: 28,
  },
  { id: 'SIM-XUWEN', name: '徐闻（演示）', nameEn: 'Xuwen (demo)', lat: 20.33, lon: 110.17, elevation: 68 },
  { id: 'SIM-HAIKOU', name: '海口（演示）', nameEn: 'Haikou (demo)', lat: 20.04, lon: 110.32, elevation: 64 },
];

/** Buoys of the demo, off the Guangdong coast. */
export const SIM_BUOYS: readonly SimStation[] = [
  {
    id: 'SIM-B1',
    name: '珠江口浮标（演示）',
    nameEn: 'Pearl River mouth buoy (demo)',
    lat: 21.6,
    lon: 114.0,
    elevation: 0,
  },
  {
    id: 'SIM-B2',
    name: '川山浮标（演示）',
    nameEn: 'Chuanshan buoy (demo)',
    lat: 21.2,
    lon: 112.6,
    elevation: 0,
  },
  {
    id: 'SIM-B3',
    name: '汕尾外海浮标（演示）',
    nameEn: 'Shanwei offshore buoy (demo)',
    lat: 22.0,
    lon: 116.0,
    elevation: 0,
  },
  {
    id: 'SIM-B4',
    name: '琼州海峡浮标（演示）',
    nameEn: 'Qiongzhou Strait buoy (demo)',
    lat: 20.2,
    lon: 111.4,
    elevation: 0,
  },
  {
    id: 'SIM-B5',
    name: '东沙浮标（演示）',
    nameEn: 'Dongsha buoy (demo)',
    lat: 20.7,
    lon: 116.8,
    elevation: 0,
  },
  {
    id: 'SIM-B6',
    name: '万山浮标（演示）',
    nameEn: 'Wanshan buoy (demo)',
    lat: 21.9,
    lon: 114.6,
    elevation: 0,
  },
];

/** A deterministic number in [0, 1) from a text and a time: the demo's weather noise. */
function noise(key: string, timeMs: number): number {
  let h = 2166136261 ^ Math.floor(timeMs / 60_000);
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

export interface SimWind {
  /** m/s */
  speed: number;
  /** Degrees the wind blows from. */
  fromDeg: number;
  /** Distance to the storm's centre (km), null with no storm. */
  stormKm: number | null;
  pressureHpa: number;
}

/** Vector sum of two winds given as (speed, from-direction). */
function addWinds(a: number, aFrom: number, b: number, bFrom: number): { speed: number; fromDeg: number } {
  const rad = Math.PI / 180;
  const u = -a * Math.sin(aFrom * rad) - b * Math.sin(bFrom * rad);
  const v = -a * Math.cos(aFrom * rad) - b * Math.cos(bFrom * rad);
  const speed = Math.hypot(u, v);
  const fromDeg = (Math.atan2(-u, -v) / rad + 360) % 360;
  return { speed, fromDeg };
}

/** The wind and surface pressure at a place, from the storm alive then (if any) and the background. */
export function simWindAt(lat: number, lon: number, timeMs: number): SimWind {
  const storm = simStormAt(timeMs - simGenesisMs(timeMs));
  if (!storm)
    return { speed: BACKGROUND_WIND_MS, fromDeg: BACKGROUND_FROM_DEG, stormKm: null, pressureHpa: 1012 };
  const r = Math.max(distanceKm(storm.lat, storm.lon, lat, lon), 1);
  const vortex = r < RMAX_KM ? (storm.windMs * r) / RMAX_KM : storm.windMs * Math.sqrt(RMAX_KM / r);
  // Counter-clockwise round the centre (northern hemisphere), turned 20° in: from (bearing from centre + 70°).
  const fromDeg = (bearingDeg(storm.lat, storm.lon, lat, lon) + 70) % 360;
  const wind = addWinds(vortex, fromDeg, BACKGROUND_WIND_MS, BACKGROUND_FROM_DEG);
  const pressureHpa = storm.pressureHpa + (AMBIENT_HPA + 2 - storm.pressureHpa) * Math.exp(-RMAX_KM / r);
  return { ...wind, stormKm: r, pressureHpa };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One station's observation at `timeMs`, as `/api/ingest/observations` takes it. */
export function simObservation(station: SimStation, timeMs: number): Record<string, number | string> {
  const w = simWindAt(station.lat, station.lon, timeMs);
  const jitter = 0.9 + 0.2 * noise(station.id, timeMs);
  const speed = Math.min(w.speed * jitter, 80);
  // Rain bands within 300 km of the centre; mm in the 10 minutes before the reading.
  const rainMmH = w.stormKm === null ? 0 : Math.max(0, 30 * (1 - w.stormKm / 300));
  const hourOfDay = ((timeMs / HOUR_MS + 8) % 24) / 24; // China Standard Time
  const temperature = 24 + 4 * Math.sin(2 * Math.PI * (hourOfDay - 0.375)) - Math.min(rainMmH / 10, 3);
  return {
    station: station.id,
    name: station.name,
    name_en: station.nameEn,
    lat: station.lat,
    lon: station.lon,
    elevation: station.elevation,
    time: new Date(timeMs).toISOString(),
    temperature: round(temperature, 1),
    humidity: Math.round(Math.min(100, 70 + rainMmH)),
    pressure: round(w.pressureHpa - station.elevation / 8.3, 1),
    wind_speed: round(speed, 1),
    wind_dir: Math.round((w.fromDeg + 20 * (noise(`${station.id}d`, timeMs) - 0.5) + 360) % 360),
    wind_gust: round(Math.min(speed * (1.3 + 0.2 * noise(`${station.id}g`, timeMs)), 120), 1),
    precipitation: round(rainMmH / 6, 1),
    visibility: Math.round(Math.max(500, 20_000 - rainMmH * 600)),
  };
}

/** One buoy's wave reading at `timeMs`, as `/api/ingest/waves` takes it (JSON). */
export function simWaveReading(buoy: SimStation, timeMs: number): Record<string, number | string> {
  const w = simWindAt(buoy.lat, buoy.lon, timeMs);
  const speed = w.speed * (0.95 + 0.1 * noise(buoy.id, timeMs));
  const hs = Math.min(0.8 + (0.55 * 0.21 * speed * speed) / 9.81, 16);
  const tp = Math.max(5, 0.73 * speed);
  return {
    station: buoy.id,
    name: buoy.name,
    name_en: buoy.nameEn,
    lat: buoy.lat,
    lon: buoy.lon,
    time: new Date(timeMs).toISOString(),
    wave_height: round(hs, 2),
    dominant_period: round(Math.min(tp, 25), 1),
    average_period: round(Math.min(tp * 0.78, 25), 1),
    mean_direction: Math.round(w.fromDeg) % 360,
    wind_dir: Math.round(w.fromDeg) % 360,
    wind_speed: round(speed, 1),
    wind_gust: round(speed * 1.3, 1),
    pressure: round(w.pressureHpa, 1),
    air_temp: 26,
    water_temp: 27.5,
  };
}
