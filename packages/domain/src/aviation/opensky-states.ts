import {
  type AircraftPosition,
  CALLSIGN_PATTERN,
  type FeedProblem,
  type FeedWindow,
  ICAO24_PATTERN,
  rangeProblem,
  SQUAWK_PATTERN,
  timeProblem,
} from './aircraft-position.js';

/**
 * OpenSky `/api/states/all`: `{time, states: [[icao24, callsign, origin_country, time_position,
 * last_contact, longitude, latitude, baro_altitude, on_ground, velocity, true_track, vertical_rate, sensors,
 * geo_altitude, squawk, spi, position_source, category?], …] | null}`. Vectors have 17 elements, 18 with
 * `extended=1`; only indices 0–14 are read (and `position_source`, 16, checked to be a whole number or null), so
 * both layouts (and the 2017 one with `isAlert` at 15) parse alike.
 */
export interface ParsedStates {
  positions: AircraftPosition[];
  /** Vectors without a position (aircraft on ground often send no latitude and longitude): not stored. */
  withoutPosition: number;
  problems: FeedProblem[];
}

const MIN_ELEMENTS = 15;
const MAX_ELEMENTS = 18;
const MAX_UNIX_S = 4_102_444_800; // 2100-01-01

class Bad extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function num(v: unknown, field: string): number | null {
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Bad(field, 'must be a number or null');
  return v;
}

function unixSeconds(v: unknown, field: string): number | null {
  const n = num(v, field);
  if (n !== null && (!Number.isInteger(n) || n < 0 || n > MAX_UNIX_S))
    throw new Bad(field, 'must be whole seconds since 1970');
  return n;
}

function text(v: unknown, field: string, pattern: RegExp, upper: boolean): string | null {
  if (v === null) return null;
  if (typeof v !== 'string') throw new Bad(field, 'must be a string or null');
  const t = upper ? v.trim().toUpperCase() : v.trim();
  if (t === '') return null;
  if (!pattern.test(t)) throw new Bad(field, `is not valid: ${JSON.stringify(v.slice(0, 20))}`);
  return t;
}

/** One vector as a position, null when it has none; throws `Bad` naming the field. */
function vectorOf(s: unknown[], icao24: string): AircraftPosition | null {
  const lon = num(s[5], 'longitude');
  const lat = num(s[6], 'latitude');
  if (typeof s[8] !== 'boolean') throw new Bad('on_ground', 'must be true or false');
  const timePosition = unixSeconds(s[3], 'time_position');
  const lastContact = unixSeconds(s[4], 'last_contact');
  if (lastContact === null) throw new Bad('last_contact', 'is required');
  // Not stored, but a vector of the wrong types is refused as a whole: 0 ADS-B, 1 ASTERIX, 2 MLAT, 3 FLARM.
  const source = s.length > 16 ? s[16] : null;
  if (
    source !== null &&
    !(typeof source === 'number' && Number.isInteger(source) && source >= 0 && source <= 255)
  )
    throw new Bad('position_source', 'must be a whole number (0 ADS-B, 1 ASTERIX, 2 MLAT, 3 FLARM) or null');
  const p: AircraftPosition = {
    icao24,
    timeMs: (timePosition ?? lastContact) * 1000,
    lat: lat ?? 0,
    lon: lon ?? 0,
    altitudeM: num(s[7], 'baro_altitude') ?? num(s[13], 'geo_altitude'),
    onGround: s[8],
    speedMs: num(s[9], 'velocity'),
    trackDeg: num(s[10], 'true_track'),
    verticalRateMs: num(s[11], 'vertical_rate'),
    callsign: text(s[1], 'callsign', CALLSIGN_PATTERN, true),
    squawk: text(s[14], 'squawk', SQUAWK_PATTERN, false),
  };
  if (lat === null || lon === null) return null;
  const range = rangeProblem(p, {
    lat: 'latitude',
    lon: 'longitude',
    altitudeM: s[7] === null ? 'geo_altitude' : 'baro_altitude',
    speedMs: 'velocity',
    trackDeg: 'true_track',
    verticalRateMs: 'vertical_rate',
  });
  if (range) throw new Bad(range.field, range.message);
  return p;
}

export function parseOpenSkyStates(body: unknown, w: FeedWindow): ParsedStates {
  const out: ParsedStates = { positions: [], withoutPosition: 0, problems: [] };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    out.problems.push({ item: 0, field: 'body', message: 'must be an object {time, states}' });
    return out;
  }
  const states = (body as { states?: unknown }).states;
  if (states === null) return out; // OpenSky's answer when no aircraft is in the box
  if (!Array.isArray(states)) {
    out.problems.push({ item: 0, field: 'states', message: 'must be an array of state vectors or null' });
    return out;
  }
  states.forEach((s, i) => {
    const item = i + 1;
    if (!Array.isArray(s) || s.length < MIN_ELEMENTS || s.length > MAX_ELEMENTS) {
      out.problems.push({ item, field: 'vector', message: '17 or 18 elements expected' });
      return;
    }
    const icao24 = typeof s[0] === 'string' ? s[0].trim().toLowerCase() : '';
    if (!ICAO24_PATTERN.test(icao24)) {
      out.problems.push({ item, field: 'icao24', message: 'must be six hex digits' });
      return;
    }
    try {
      const p = vectorOf(s, icao24);
      if (!p) {
        out.withoutPosition++;
        return;
      }
      const late = timeProblem(p.timeMs, w);
      if (late) throw new Bad('time_position', late);
      out.positions.push(p);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      out.problems.push({ item, icao24, field: error.field, message: error.message });
    }
  });
  return out;
}
