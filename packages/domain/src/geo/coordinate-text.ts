/**
 * A point typed as text: decimal degrees ("23.1291, 113.2644"), hemisphere letters ("23.1291N 113.2644E",
 * "N23°07'45\" E113°15'52\""), degrees-minutes-seconds with °′″, ' " or spaces ("23 7 45 N, 113 15 52 E"),
 * degrees and decimal minutes ("23°07.75'N") and the Chinese forms ("北纬23°07′45″ 东经113°15′52″",
 * "23度7分45秒"). Latitude comes first unless letters or words (N/S/E/W, lat/lon, 北纬/东经) say otherwise.
 * A refusal is a translation key with its values, never a thrown error.
 */
import type { Position } from '@thunderwatch/shared/schemas/geo';

/** Every key a refusal can have: the screens translate each one. */
export const COORDINATE_PROBLEM_KEYS = [
  'empty',
  'unreadable',
  'count',
  'ambiguous_numbers',
  'too_many_numbers',
  'fraction_not_last',
  'sign_and_hemisphere',
  'axis_mismatch',
  'same_axis',
  'minutes_range',
  'seconds_range',
  'lat_range',
  'lon_range',
  'looks_swapped',
] as const;
export type CoordinateProblemKey = (typeof COORDINATE_PROBLEM_KEYS)[number];

export interface CoordinateProblem {
  key: CoordinateProblemKey;
  params?: Record<string, string | number>;
}

export type CoordinateParse = { ok: true; position: Position } | { ok: false; problem: CoordinateProblem };

type Axis = 'lat' | 'lon';
type Hemisphere = 'N' | 'S' | 'E' | 'W';
/** 0 degrees, 1 minutes, 2 seconds. */
type Unit = 0 | 1 | 2;

type Token =
  | { kind: 'number'; text: string; unit: Unit | null }
  | { kind: 'hemisphere'; hemisphere: Hemisphere }
  | { kind: 'axis'; axis: Axis }
  | { kind: 'separator' };

interface Part {
  numbers: { text: string; unit: Unit | null }[];
  hemisphere: Hemisphere | null;
  axis: Axis | null;
}

class Refusal {
  constructor(readonly problem: CoordinateProblem) {}
}
const refuse = (key: CoordinateProblemKey, params?: CoordinateProblem['params']): never => {
  throw new Refusal(params ? { key, params } : { key });
};

const AXIS_OF: Record<Hemisphere, Axis> = { N: 'lat', S: 'lat', E: 'lon', W: 'lon' };
const HEMISPHERE_WORDS: Record<string, Hemisphere> = {
  n: 'N',
  north: 'N',
  s: 'S',
  south: 'S',
  e: 'E',
  east: 'E',
  w: 'W',
  west: 'W',
};
const AXIS_WORDS: Record<string, Axis> = {
  lat: 'lat',
  latitude: 'lat',
  lon: 'lon',
  lng: 'lon',
  long: 'lon',
  longitude: 'lon',
};

/** Full-width forms, Chinese words and the many degree, minute and second marks, to one spelling each. */
export function normalizeCoordinateText(text: string): string {
  return (
    text
      // Full-width ASCII (ＮＥ１２３，．) and the ideographic space.
      .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode((c.codePointAt(0) ?? 0) - 0xfee0))
      .replace(/\u3000/g, ' ')
      .replace(/[\u2212\u2013\u2014]/g, '-')
      .replace(/北纬|北緯/g, ' N ')
      .replace(/南纬|南緯/g, ' S ')
      .replace(/东经|東經|東经/g, ' E ')
      .replace(/西经|西經/g, ' W ')
      .replace(/纬度|緯度/g, ' lat ')
      .replace(/经度|經度/g, ' lon ')
      .replace(/北/g, ' N ')
      .replace(/南/g, ' S ')
      .replace(/[东東]/g, ' E ')
      .replace(/西/g, ' W ')
      .replace(/[、]/g, ',')
      .replace(/[º˚度]/g, '°')
      .replace(/''|′′|’’|‘‘|[″”“〃秒]/g, '"')
      .replace(/[′’‘´`分]/g, "'")
  );
}

const TOKEN = /\s+|([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([°'"])?|([a-z]+)|([,;/|])|([:=])|([°'"])|(.)/giu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const [, number, mark, word, separator, , loneMark, other] = m;
    if (number !== undefined) {
      tokens.push({ kind: 'number', text: number, unit: mark ? (`°'"`.indexOf(mark) as Unit) : null });
    } else if (word !== undefined) {
      const lower = word.toLowerCase();
      const hemisphere = HEMISPHERE_WORDS[lower];
      const axis = AXIS_WORDS[lower];
      if (hemisphere) tokens.push({ kind: 'hemisphere', hemisphere });
      else if (axis) tokens.push({ kind: 'axis', axis });
      else refuse('unreadable', { text: word });
    } else if (separator !== undefined) tokens.push({ kind: 'separator' });
    else if (loneMark !== undefined) refuse('unreadable', { text: loneMark });
    else if (other !== undefined) refuse('unreadable', { text: other });
  }
  return tokens;
}

const emptyPart = (): Part => ({ numbers: [], hemisphere: null, axis: null });
const labelled = (part: Part) => part.hemisphere !== null || part.axis !== null;

/** Splits the tokens into one part per coordinate; see the module comment for the forms understood. */
function group(tokens: Token[]): Part[] {
  const parts: Part[] = [];
  let current = emptyPart();
  const close = () => {
    if (current.numbers.length > 0) parts.push(current);
    else if (labelled(current)) refuse('count', { count: parts.length + 1 });
    current = emptyPart();
  };
  for (const token of tokens) {
    if (token.kind === 'separator') close();
    else if (token.kind === 'hemisphere') {
      if (current.numbers.length === 0) {
        if (current.hemisphere) refuse('unreadable', { text: token.hemisphere });
        current.hemisphere = token.hemisphere;
      } else if (current.hemisphere) {
        // "N 23 E 113": a letter after a coordinate that began with one starts the next coordinate.
        close();
        current.hemisphere = token.hemisphere;
      } else {
        // "23 N 113 E", "lat 23 N": a letter after the numbers ends their coordinate.
        current.hemisphere = token.hemisphere;
        close();
      }
    } else if (token.kind === 'axis') {
      if (current.numbers.length > 0) close();
      if (labelled(current)) refuse('unreadable', { text: token.axis });
      current.axis = token.axis;
    } else {
      const last = current.numbers.at(-1);
      // A second degrees mark, or anything after seconds, begins the next coordinate.
      if (last && (token.unit === 0 || last.unit === 2)) close();
      current.numbers.push({ text: token.text, unit: token.unit });
    }
  }
  close();
  return parts;
}

/** "23 7 45 113 15 52": bare numbers without any mark split evenly into two coordinates. */
function splitBare(parts: Part[]): Part[] {
  const only = parts[0];
  if (parts.length !== 1 || !only || labelled(only)) return parts;
  const n = only.numbers.length;
  if (n < 2 || only.numbers.some((x) => x.unit !== null)) return parts;
  // "23 7 45 113 15": which numbers are the latitude's cannot be told.
  if (n % 2 !== 0 || n > 6) refuse('ambiguous_numbers', { count: n });
  return [
    { ...emptyPart(), numbers: only.numbers.slice(0, n / 2) },
    { ...emptyPart(), numbers: only.numbers.slice(n / 2) },
  ];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Degrees of one part, signed by its sign or hemisphere. */
function degreesOf(part: Part): number {
  if (part.numbers.length > 3) refuse('too_many_numbers', { count: part.numbers.length });
  const values: [number, number, number] = [0, 0, 0];
  let position = -1;
  let negative = false;
  part.numbers.forEach((n, i) => {
    const unit = n.unit ?? position + 1;
    if (unit <= position || unit > 2) refuse('unreadable', { text: n.text });
    position = unit;
    const signed = /^[+-]/.test(n.text);
    if (signed && i > 0) refuse('unreadable', { text: n.text });
    if (n.text.startsWith('-')) negative = true;
    if (n.text.includes('.') && i < part.numbers.length - 1) refuse('fraction_not_last', { text: n.text });
    values[unit] = Math.abs(Number(n.text));
  });
  const [degrees, minutes, seconds] = values;
  if (minutes >= 60) refuse('minutes_range', { value: minutes });
  if (seconds >= 60) refuse('seconds_range', { value: seconds });
  if (negative && part.hemisphere) refuse('sign_and_hemisphere', { hemisphere: part.hemisphere });
  if (part.hemisphere === 'S' || part.hemisphere === 'W') negative = true;
  const value = degrees + minutes / 60 + seconds / 3600;
  return negative ? -value : value;
}

function axisOf(part: Part): Axis | null {
  const fromLetter = part.hemisphere ? AXIS_OF[part.hemisphere] : null;
  if (fromLetter && part.axis && fromLetter !== part.axis)
    refuse('axis_mismatch', { hemisphere: part.hemisphere ?? '', axis: part.axis });
  return fromLetter ?? part.axis;
}

function parseOrRefuse(text: string): Position {
  const normalized = normalizeCoordinateText(text).trim();
  if (normalized === '') refuse('empty');
  const parts = splitBare(group(tokenize(normalized)));
  if (parts.length !== 2) refuse('count', { count: parts.length });
  const [a, b] = parts as [Part, Part];
  let [axisA, axisB] = [axisOf(a), axisOf(b)];
  if (axisA && axisA === axisB) refuse('same_axis', { axis: axisA });
  axisA ??= axisB === 'lat' ? 'lon' : 'lat';
  axisB = axisA === 'lat' ? 'lon' : 'lat';
  const [valueA, valueB] = [degreesOf(a), degreesOf(b)];
  const lat = axisA === 'lat' ? valueA : valueB;
  const lon = axisA === 'lat' ? valueB : valueA;
  const told = labelled(a) || labelled(b);
  if (Math.abs(lat) > 90) {
    // "113.26, 23.13": GeoJSON's order typed where latitude comes first.
    if (!told && Math.abs(lon) <= 90 && Math.abs(lat) <= 180)
      refuse('looks_swapped', { lat: round6(lat), lon: round6(lon) });
    refuse('lat_range', { value: round6(lat) });
  }
  if (Math.abs(lon) > 180) refuse('lon_range', { value: round6(lon) });
  return [lon, lat];
}

/** The position ([lon, lat], unrounded) a text names, or the problem with it. */
export function parseCoordinates(text: string): CoordinateParse {
  try {
    return { ok: true, position: parseOrRefuse(text) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** Up to `digits` decimals, without trailing zeros (and never "-0"). */
function decimal(value: number, digits: number): string {
  const text = value.toFixed(digits).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/** "23.1291, 113.2644": latitude first, as people type it; 6 decimals (~0.1 m) at most. */
export function formatDecimalCoordinates([lon, lat]: Position, digits = 6): string {
  return `${decimal(lat, digits)}, ${decimal(lon, digits)}`;
}

function dms(value: number, positive: Hemisphere, negative: Hemisphere, pad: number): string {
  // Whole tenths of a second, so that rounding carries into minutes and degrees.
  const tenths = Math.round(Math.abs(value) * 36_000);
  const degrees = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const seconds = (tenths % 600) / 10;
  const hemisphere = value < 0 && tenths > 0 ? negative : positive;
  const d = String(degrees).padStart(pad, '0');
  const m = String(minutes).padStart(2, '0');
  const s = seconds.toFixed(1).padStart(4, '0');
  return `${d}°${m}′${s}″${hemisphere}`;
}

/** "23°07′45.0″N 113°15′52.0″E": degrees, minutes and seconds to a tenth (~3 m). */
export function formatDmsCoordinates([lon, lat]: Position): string {
  return `${dms(lat, 'N', 'S', 2)} ${dms(lon, 'E', 'W', 3)}`;
}
