import {
  type AircraftPosition,
  CALLSIGN_PATTERN,
  type FeedProblem,
  ICAO24_PATTERN,
  rangeProblem,
  SQUAWK_PATTERN,
} from './aircraft-position.js';

/**
 * SBS-1 BaseStation CSV, as dump1090 serves it on port 30003: `MSG,<type 1-8>,session,aircraft,hex,flight,
 * date gen,time gen,date logged,time logged,callsign,altitude ft,ground speed kt,track,lat,lon,vertical rate
 * ft/min,squawk,alert,emergency,spi,on ground`. Each message carries only some fields (3 the airborne
 * position, 4 the velocity, 1 the callsign…), so a tracker joins them per aircraft.
 */
export interface SbsMessage {
  type: number;
  icao24: string;
  callsign: string | null;
  altitudeFt: number | null;
  speedKt: number | null;
  trackDeg: number | null;
  lat: number | null;
  lon: number | null;
  verticalRateFpm: number | null;
  squawk: string | null;
  onGround: boolean | null;
}

/** The other record kinds BaseStation sends (selection, new id, new aircraft, status, click): not positions. */
const OTHER_KINDS = new Set(['SEL', 'ID', 'AIR', 'STA', 'CLK']);
const MAX_LINE = 400;
/** The BaseStation names of the fields a position's checks name. */
const SBS_NAMES = {
  altitudeM: 'altitude',
  speedMs: 'ground_speed',
  trackDeg: 'track',
  verticalRateMs: 'vertical_rate',
} as const;
const FT = 0.3048;
const KT = 1852 / 3600;

function num(v: string | undefined, field: string): number | null {
  const t = (v ?? '').trim();
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n))
    throw new SbsError(field, `must be a number, got ${JSON.stringify(t.slice(0, 20))}`);
  return n;
}

function flag(v: string | undefined, field: string): boolean | null {
  const t = (v ?? '').trim();
  if (t === '') return null;
  if (t === '-1' || t === '1') return true;
  if (t === '0') return false;
  throw new SbsError(field, 'must be -1, 0 or empty');
}

class SbsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type SbsLine = { message: SbsMessage } | { problem: { field: string; message: string } } | null;

/** One line: a message, a problem naming the field, or null for a blank line or a non-position record. */
export function parseSbsLine(line: string): SbsLine {
  const t = line.trim();
  if (t === '') return null;
  if (t.length > MAX_LINE)
    return { problem: { field: 'line', message: `longer than ${MAX_LINE} characters` } };
  const f = t.split(',');
  if (f[0] !== 'MSG') {
    if (OTHER_KINDS.has(f[0] ?? '')) return null;
    return {
      problem: { field: 'kind', message: `unknown record ${JSON.stringify((f[0] ?? '').slice(0, 8))}` },
    };
  }
  if (f.length < 11 || f.length > 22)
    return { problem: { field: 'line', message: `MSG lines have 22 fields, got ${f.length}` } };
  const type = Number(f[1]);
  if (!Number.isInteger(type) || type < 1 || type > 8)
    return { problem: { field: 'type', message: 'must be 1 to 8' } };
  const icao24 = (f[4] ?? '').trim().toLowerCase();
  if (!ICAO24_PATTERN.test(icao24))
    return { problem: { field: 'hex_ident', message: 'must be six hex digits' } };
  try {
    const callsign = (f[10] ?? '').trim().toUpperCase();
    if (callsign !== '' && !CALLSIGN_PATTERN.test(callsign))
      throw new SbsError('callsign', `is not valid: ${JSON.stringify(callsign.slice(0, 20))}`);
    const squawk = (f[17] ?? '').trim();
    if (squawk !== '' && !SQUAWK_PATTERN.test(squawk))
      throw new SbsError('squawk', 'must be four octal digits');
    const lat = num(f[14], 'lat');
    const lon = num(f[15], 'lon');
    if ((lat === null) !== (lon === null)) throw new SbsError('lat', 'lat and lon come together');
    return {
      message: {
        type,
        icao24,
        callsign: callsign || null,
        altitudeFt: num(f[11], 'altitude'),
        speedKt: num(f[12], 'ground_speed'),
        trackDeg: num(f[13], 'track'),
        lat,
        lon,
        verticalRateFpm: num(f[16], 'vertical_rate'),
        squawk: squawk || null,
        onGround: flag(f[21], 'is_on_ground'),
      },
    };
  } catch (error) {
    if (!(error instanceof SbsError)) throw error;
    return { problem: { field: error.field, message: error.message } };
  }
}

interface Known {
  seenMs: number;
  callsign: string | null;
  altitudeM: number | null;
  speedMs: number | null;
  trackDeg: number | null;
  verticalRateMs: number | null;
  squawk: string | null;
  onGround: boolean;
}

/** What a tracker forgets about an aircraft it has not heard for this long. */
export const SBS_FORGET_MS = 10 * 60_000;

/**
 * Joins the messages of each aircraft: every message updates what is known, and one with a position yields
 * a report with the latest callsign, altitude and velocity. Time is the receiving time: BaseStation's own
 * times are in the receiver's local zone, which the line does not name.
 */
export class SbsTracker {
  private readonly known = new Map<string, Known>();

  /** Feeds one line; returns a position, a problem, or null. `item` names the line in problems. */
  line(text: string, nowMs: number, item: number): AircraftPosition | FeedProblem | null {
    const parsed = parseSbsLine(text);
    if (parsed === null) return null;
    if ('problem' in parsed) return { item, ...parsed.problem };
    const m = parsed.message;
    let k = this.known.get(m.icao24);
    if (!k || nowMs - k.seenMs > SBS_FORGET_MS) {
      k = {
        seenMs: nowMs,
        callsign: null,
        altitudeM: null,
        speedMs: null,
        trackDeg: null,
        verticalRateMs: null,
        squawk: null,
        onGround: false,
      };
      this.known.set(m.icao24, k);
    }
    const next: Known = {
      seenMs: nowMs,
      callsign: m.callsign ?? k.callsign,
      altitudeM: m.altitudeFt !== null ? m.altitudeFt * FT : k.altitudeM,
      speedMs: m.speedKt !== null ? m.speedKt * KT : k.speedMs,
      trackDeg: m.trackDeg ?? k.trackDeg,
      verticalRateMs: m.verticalRateFpm !== null ? (m.verticalRateFpm * FT) / 60 : k.verticalRateMs,
      squawk: m.squawk ?? k.squawk,
      onGround: m.onGround ?? k.onGround,
    };
    const probe: AircraftPosition = {
      icao24: m.icao24,
      timeMs: nowMs,
      lat: m.lat ?? 0,
      lon: m.lon ?? 0,
      altitudeM: next.altitudeM,
      onGround: next.onGround,
      speedMs: next.speedMs,
      trackDeg: next.trackDeg,
      verticalRateMs: next.verticalRateMs,
      callsign: next.callsign,
      squawk: next.squawk,
    };
    const range = rangeProblem(probe, SBS_NAMES);
    if (range) return { item, icao24: m.icao24, ...range };
    this.known.set(m.icao24, next);
    return m.lat === null ? null : probe;
  }

  /** Forgets aircraft not heard for SBS_FORGET_MS; returns how many remain. */
  prune(nowMs: number): number {
    for (const [id, k] of this.known) if (nowMs - k.seenMs > SBS_FORGET_MS) this.known.delete(id);
    return this.known.size;
  }
}
