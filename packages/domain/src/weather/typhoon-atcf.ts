import { gradeOfWindKt, KT_TO_MS, NM_TO_KM } from './typhoon-grade.js';
import {
  checkRange,
  normaliseLon,
  type ParsedStorm,
  TYPHOON_LIMITS,
  type TyphoonForecastPoint,
  type TyphoonLineError,
  type TyphoonPoint,
  timeOfYmdh,
  type WindRadii,
} from './typhoon-track.js';

/**
 * ATCF a/b-deck records (JTWC, NHC): comma separated, `BASIN, CY, YYYYMMDDHH, TECHNUM, TECH, TAU, LAT, LON,
 * VMAX, MSLP, TY, RAD, WINDCODE, RAD1..RAD4, …, STORMNAME, …`. Latitude and longitude are tenths of a degree
 * with an N/S/E/W suffix; VMAX in knots (1-minute mean); radii in nautical miles per quadrant (NE, SE, SW, NW),
 * one line per threshold (34, 50, 64 kt) at the same time. TAU 0 lines are the track (the best track in a
 * b-deck), TAU > 0 lines forecasts: the latest base time's forecast of the first technique seen is kept.
 */
export const ATCF_LINE = /^\s*[A-Z]{2}\s*,\s*\d{1,2}\s*,\s*\d{10}\s*,/;

/** Names that mark a disturbance or a number, not a storm's name (MAWAR was INVEST, then TWO). */
const UNITS = 'ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE';
const NUMBER_WORD = `(${UNITS}|TEN|ELEVEN|TWELVE|THIRTEEN|FOURTEEN|FIFTEEN|SIXTEEN|SEVENTEEN|EIGHTEEN|NINETEEN|(TWENTY|THIRTY|FORTY|FIFTY)(-?(${UNITS}))?)`;
const PLACEHOLDER_NAME = new RegExp(`^(INVEST|NONAME|${NUMBER_WORD})$`);
/^(INVEST|NONAME|[A-Z]+-?(ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE|TEN)|ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE|TEN|ELEVEN|TWELVE|[A-Z]*TEEN|[A-Z]*TY(-[A-Z]+)?)$/;

interface AtcfLine {
  basin: string;
  cy: string;
  base: number;
  tech: string;
  tau: number;
  point: TyphoonPoint;
  radii: WindRadii | null;
  name: string;
  extratropical: boolean;
}

export function parseAtcfDeck(lines: readonly string[]): {
  storms: ParsedStorm[];
  errors: TyphoonLineError[];
} {
  const errors: TyphoonLineError[] = [];
  const byStorm = new Map<string, AtcfLine[]>();
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const parsed = parseAtcfLine(raw);
    if (typeof parsed === 'string') {
      errors.push({ line: i + 1, reason: parsed });
      return;
    }
    const year = new Date(parsed.base).getUTCFullYear();
    const key = `${parsed.basin.toLowerCase()}${parsed.cy}${year}`;
    const list = byStorm.get(key) ?? [];
    list.push(parsed);
    byStorm.set(key, list);
  });
  const storms = [...byStorm].map(([key, list]) => stormOf(key, list));
  return { storms, errors };
}

function stormOf(key: string, list: AtcfLine[]): ParsedStorm {
  const first = list[0] as AtcfLine;
  const track = mergeByTime(list.filter((l) => l.tau === 0));
  const forecasts = list.filter((l) => l.tau > 0);
  let forecast: TyphoonForecastPoint[] = [];
  if (forecasts.length > 0) {
    const base = Math.max(...forecasts.map((l) => l.base));
    const tech = (forecasts.find((l) => l.base === base) as AtcfLine).tech;
    forecast = mergeByTime(forecasts.filter((l) => l.base === base && l.tech === tech)).map((p) => ({
      ...p,
      leadH: Math.round((p.time - base) / 3_600_000),
    }));
  }
  const named = list.filter((l) => l.name !== '' && !PLACEHOLDER_NAME.test(l.name));
  return {
    key,
    format: 'atcf',
    basin: first.basin,
    year: new Date(first.base).getUTCFullYear(),
    number: first.cy,
    nameEn: named.length > 0 ? (named[named.length - 1] as AtcfLine).name : null,
    ended: false,
    track,
    forecast,
  };
}

/** One point per valid time; the radii of its lines (34, 50, 64 kt) gathered, the last line's values kept. */
function mergeByTime(lines: AtcfLine[]): TyphoonPoint[] {
  const byTime = new Map<number, TyphoonPoint>();
  for (const l of lines) {
    const prev = byTime.get(l.point.time);
    const radii = (prev?.radii ?? []).filter((r) => r.kt !== l.radii?.kt);
    if (l.radii) radii.push(l.radii);
    radii.sort((a, b) => a.kt - b.kt);
    byTime.set(l.point.time, { ...l.point, radii });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

function tenths(text: string, pos: string, neg: string, name: string, max: number): number | string {
  const m = /^(\d{1,4})([A-Z])$/.exec(text);
  if (!m || (m[2] !== pos && m[2] !== neg))
    return `${name} "${text}" is not tenths of a degree with ${pos}/${neg}`;
  const deg = (Number(m[1]) / 10) * (m[2] === neg ? -1 : 1);
  return checkRange(name, deg, [-max, max]) ?? deg;
}

function whole(text: string | undefined, name: string): number | string {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^-?\d{1,5}$/.test(t)) return `${name} "${t}" is not a whole number`;
  return Number(t);
}

export function parseAtcfLine(raw: string): AtcfLine | string {
  const f = raw.split(',').map((s) => s.trim());
  if (f.length < 11) return `${f.length} fields, at least 11 expected`;
  const [basin, cy, ymdh, , tech, tauText, latText, lonText, vmaxText, mslpText, ty] = f as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^[A-Z]{2}$/.test(basin)) return `basin "${basin}" is not two letters`;
  if (!/^\d{1,2}$/.test(cy)) return `cyclone number "${cy}" is not 1-2 digits`;
  const base = timeOfYmdh(ymdh);
  if (base === null) return `time "${ymdh}" is not YYYYMMDDHH`;
  const tau = whole(tauText, 'tau');
  if (typeof tau === 'string') return tau;
  const lat = tenths(latText, 'N', 'S', 'latitude', 90);
  if (typeof lat === 'string') return lat;
  const lon = tenths(lonText, 'E', 'W', 'longitude', 180);
  if (typeof lon === 'string') return lon;
  const vmax = whole(vmaxText, 'wind');
  if (typeof vmax === 'string') return vmax;
  const mslp = whole(mslpText, 'pressure');
  if (typeof mslp === 'string') return mslp;
  const windMs = vmax * KT_TO_MS;
  const problem =
    checkRange('tau', tau, TYPHOON_LIMITS.leadH) ??
    checkRange('wind', windMs, TYPHOON_LIMITS.windMs) ??
    (mslp === 0 ? null : checkRange('pressure', mslp, TYPHOON_LIMITS.pressureHpa));
  if (problem) return problem;
  const radii = radiiOf(f);
  if (typeof radii === 'string') return radii;
  return {
    basin,
    cy: cy.padStart(2, '0'),
    base,
    tech: tech ?? '',
    tau,
    point: {
      time: base + tau * 3_600_000,
      lat,
      lon: normaliseLon(lon),
      pressureHpa: mslp === 0 ? null : mslp,
      windMs: vmax === 0 ? null : Math.round(windMs * 10) / 10,
      grade: ty === 'EX' || ty === 'ET' ? 'ET' : gradeOfWindKt(vmax),
      radii: [],
    },
    radii,
    name: (f[27] ?? '').toUpperCase().slice(0, 40),
    extratropical: ty === 'EX',
  };
}

function radiiOf(f: string[]): WindRadii | null | string {
  const rad = whole(f[11], 'wind radius threshold');
  if (typeof rad === 'string') return rad;
  if (rad === 0) return null;
  if (rad !== 34 && rad !== 50 && rad !== 64) return `wind radius threshold ${rad} is not 34, 50 or 64 kt`;
  const code = f[12] ?? '';
  const nm: number[] = [];
  for (let q = 0; q < 4; q++) {
    const v = whole(f[13 + q], 'wind radius');
    if (typeof v === 'string') return v;
    const problem = checkRange('wind radius', v * NM_TO_KM, TYPHOON_LIMITS.radiusKm);
    if (problem) return problem;
    nm.push(v);
  }
  if (code === 'AAA') nm.fill(nm[0] as number);
  else if (code !== 'NEQ') return `wind radius code "${code}" is not NEQ or AAA`;
  if (nm.every((v) => v === 0)) return null;
  const km = nm.map((v) => Math.round(v * NM_TO_KM));
  return {
    kt: rad,
    neKm: km[0] as number,
    seKm: km[1] as number,
    swKm: km[2] as number,
    nwKm: km[3] as number,
  };
}
