import { formatDecimalCoordinates, parseCoordinates } from '@thunderwatch/domain/geo/coordinate-text';
import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { LocationShape, Position } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto, LocationInput, Ring } from '@thunderwatch/shared/schemas/locations';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { PREDICT_LIMITS, RING_LIMITS, type RingLevel } from '@thunderwatch/shared/warnings';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { EMPTY_DRAFT, fromPolygon, type PolygonDraft, toPolygon } from '../../../map/sites/polygon-draft';

/**
 * The location form's state and its conversion to and from the API. Numbers stay text while edited (an
 * emptied field is not 0); problems name fields the way the server does (`rings/0/radius_km`).
 */

export type ShapeKind = 'point' | 'polygon' | 'zone';

export interface RingDraft {
  radius_km: string;
  level: RingLevel;
  all_clear_min: string;
  min_strokes: string;
  window_min: string;
  include_ic: boolean;
}

export interface LocationDraft {
  name: string;
  /** Its English name as typed; empty: none (English readers see `name`). */
  name_en: string;
  time_zone: string;
  enabled: boolean;
  kind: ShapeKind;
  /** The point as typed, or as the map click filled it in (decimal degrees, latitude first). */
  pointText: string;
  /** The point `pointText` names; null while it names none. */
  point: Position | null;
  polygon: PolygonDraft;
  /** Holes of a saved polygon, kept as they are. */
  holes: Position[][];
  zoneId: number | null;
  rings: RingDraft[];
  /** Early warning from storm cells: lightning jumps and nowcasts (off by default). */
  predict: PredictDraft;
  /** Wave alarm threshold in metres as typed; empty: the portal's. */
  wave_alert_m: string;
  /** An airport: aviation view on the board and flight alarms. */
  is_airport: boolean;
  /** ICAO code as typed; empty: none. */
  airport_icao: string;
}

export interface PredictDraft {
  enabled: boolean;
  range_km: string;
  level: RingLevel;
}

/** A field the form cannot send, with the translation key (under `location.problem.`) saying why. */
export interface DraftProblem {
  field: string;
  key: string;
  params?: Record<string, number | string>;
}

export type DraftResult = { input: LocationInput; problems: [] } | { input: null; problems: DraftProblem[] };

const ringDraft = (ring: Ring): RingDraft => ({
  radius_km: String(ring.radius_km),
  level: ring.level,
  all_clear_min: String(ring.all_clear_min),
  min_strokes: String(ring.min_strokes),
  window_min: String(ring.window_min),
  include_ic: ring.include_ic,
});

export function newLocationDraft(): LocationDraft {
  return {
    name: '',
    name_en: '',
    time_zone: DEFAULT_TIME_ZONE,
    enabled: true,
    kind: 'point',
    pointText: '',
    point: null,
    polygon: EMPTY_DRAFT,
    holes: [],
    zoneId: null,
    rings: DEFAULT_RINGS.map(ringDraft),
    predict: {
      enabled: false,
      range_km: String(PREDICT_LIMITS.defaultRangeKm),
      level: (DEFAULT_RINGS.at(-1) as Ring).level,
    },
    wave_alert_m: '',
    is_airport: false,
    airport_icao: '',
  };
}

export function draftFromLocation(location: LocationDto): LocationDraft {
  const { shape } = location;
  return {
    name: location.name,
    name_en: location.name_en ?? '',
    time_zone: location.time_zone,
    enabled: location.enabled,
    kind: location.zone_id !== null ? 'zone' : shape.type === 'Point' ? 'point' : 'polygon',
    pointText: shape.type === 'Point' ? formatDecimalCoordinates(shape.coordinates) : '',
    point: shape.type === 'Point' ? shape.coordinates : null,
    polygon: shape.type === 'Polygon' && location.zone_id === null ? fromPolygon(shape) : EMPTY_DRAFT,
    holes: shape.type === 'Polygon' && location.zone_id === null ? shape.coordinates.slice(1) : [],
    zoneId: location.zone_id,
    rings: location.rings.map(ringDraft),
    predict: {
      enabled: location.predict.enabled,
      range_km: String(location.predict.range_km),
      level: location.predict.level,
    },
    wave_alert_m: location.wave_alert_cm === null ? '' : String(location.wave_alert_cm / 100),
    is_airport: location.is_airport,
    airport_icao: location.airport_icao ?? '',
  };
}

/** GeoJSON wants 6 decimals at most (~0.1 m), as a click on the map gives. */
const round6 = (p: Position): Position => [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];

/** The point fields after typing: the point when the text names one, else none. */
export function pointFromText(pointText: string): Pick<LocationDraft, 'point' | 'pointText'> {
  const parsed = parseCoordinates(pointText);
  return { pointText, point: parsed.ok ? round6(parsed.position) : null };
}

/** The point fields after a click on the map: the text follows, in decimal degrees. */
export function pointFromMap(position: Position): Pick<LocationDraft, 'point' | 'pointText'> {
  const point = round6(position);
  return { point, pointText: formatDecimalCoordinates(point) };
}

/** Why the typed point names no point (`point.<key>` under `location.problem.`), or null. */
export function pointTextProblem(pointText: string): DraftProblem | null {
  if (pointText.trim() === '') return null;
  const parsed = parseCoordinates(pointText);
  if (parsed.ok) return null;
  const { key, params } = parsed.problem;
  return params ? { field: 'shape', key: `point.${key}`, params } : { field: 'shape', key: `point.${key}` };
}

/** The next ring out: 10 km beyond the outermost, one level lower (never below yellow). */
export function nextRing(rings: readonly RingDraft[]): RingDraft {
  const outermost = rings.at(-1);
  const radius = Number(outermost?.radius_km);
  const template = DEFAULT_RINGS[DEFAULT_RINGS.length - 1] as Ring;
  return ringDraft({
    ...template,
    radius_km: Number.isFinite(radius) && radius > 0 ? Math.min(radius + 10, RING_LIMITS.maxRadiusKm) : 10,
    level: outermost ? (Math.max(1, outermost.level - 1) as RingLevel) : 3,
  });
}

/** The drawn or picked shape, or null when none is chosen yet (a zone's shape lives on the server). */
export function draftShape(draft: LocationDraft): LocationShape | null {
  if (draft.kind === 'point') return draft.point ? { type: 'Point', coordinates: draft.point } : null;
  if (draft.kind === 'polygon') return toPolygon(draft.polygon, draft.holes);
  return null;
}

/**
 * What the map shows of a draft while it is edited: its shape (a picked zone's polygon) and the rings
 * whose radius already makes sense; null until there is a shape.
 */
export function draftPreview(
  draft: LocationDraft,
  zones: readonly ZoneDto[],
): { shape: LocationShape; rings: Ring[] } | null {
  const shape =
    draft.kind === 'zone'
      ? (zones.find((zone) => zone.id === draft.zoneId)?.geometry ?? null)
      : draftShape(draft);
  if (!shape) return null;
  const template = DEFAULT_RINGS[0] as Ring;
  const rings = draft.rings.flatMap((ring) => {
    const radius = Number(ring.radius_km);
    const usable =
      ring.radius_km.trim() !== '' && radius >= RING_LIMITS.minRadiusKm && radius <= RING_LIMITS.maxRadiusKm;
    return usable ? [{ ...template, radius_km: radius, level: ring.level }] : [];
  });
  return { shape, rings };
}

const RING_NUMBERS = [
  ['radius_km', RING_LIMITS.minRadiusKm, RING_LIMITS.maxRadiusKm, false],
  ['all_clear_min', 1, RING_LIMITS.maxAllClearMin, true],
  ['min_strokes', 1, RING_LIMITS.maxMinStrokes, true],
  ['window_min', 1, RING_LIMITS.maxWindowMin, true],
] as const;

function parseNumber(
  text: string,
  field: string,
  min: number,
  max: number,
  integer: boolean,
  problems: DraftProblem[],
): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) problems.push({ field, key: 'number' });
  else if (integer && !Number.isInteger(value)) problems.push({ field, key: 'integer' });
  else if (value < min || value > max) problems.push({ field, key: 'range', params: { min, max } });
  return value;
}

/** Radii must differ and levels must not rise going outward, as the server checks too. */
function orderProblems(rings: readonly Ring[]): DraftProblem[] {
  const order = rings.map((ring, i) => ({ ring, i })).sort((a, b) => a.ring.radius_km - b.ring.radius_km);
  const problems: DraftProblem[] = [];
  for (let k = 1; k < order.length; k += 1) {
    const inner = order[k - 1] as { ring: Ring; i: number };
    const outer = order[k] as { ring: Ring; i: number };
    if (outer.ring.radius_km === inner.ring.radius_km)
      problems.push({ field: `rings/${outer.i}/radius_km`, key: 'same_radius' });
    else if (outer.ring.level > inner.ring.level)
      problems.push({ field: `rings/${outer.i}/level`, key: 'level_rises' });
  }
  return problems;
}

export function parseRings(drafts: readonly RingDraft[], problems: DraftProblem[]): Ring[] {
  if (drafts.length < 1 || drafts.length > RING_LIMITS.maxRings) {
    problems.push({ field: 'rings', key: 'ring_count', params: { max: RING_LIMITS.maxRings } });
    return [];
  }
  const before = problems.length;
  const rings = drafts.map((draft, i) => {
    const ring: Ring = { ...DEFAULT_RINGS[0], level: draft.level, include_ic: draft.include_ic } as Ring;
    for (const [key, min, max, integer] of RING_NUMBERS) {
      ring[key] = parseNumber(draft[key], `rings/${i}/${key}`, min, max, integer, problems);
    }
    return ring;
  });
  if (problems.length === before) problems.push(...orderProblems(rings));
  return rings;
}

/** The body of POST/PUT /api/locations/, or the problems that keep the form from sending it. */
export function draftToInput(draft: LocationDraft): DraftResult {
  const problems: DraftProblem[] = [];
  const name = draft.name.trim();
  if (!name) problems.push({ field: 'name', key: 'name_required' });
  const input: LocationInput = {
    name,
    name_en: draft.name_en.trim() || null,
    time_zone: draft.time_zone,
    enabled: draft.enabled,
  };
  if (draft.kind === 'zone') {
    if (draft.zoneId === null) problems.push({ field: 'zone_id', key: 'zone_required' });
    else input.zone_id = draft.zoneId;
  } else {
    const shape = draftShape(draft);
    const typed = draft.kind === 'point' ? pointTextProblem(draft.pointText) : null;
    if (typed) problems.push(typed);
    else if (!shape)
      problems.push({ field: 'shape', key: draft.kind === 'point' ? 'point_required' : 'polygon_required' });
    else input.shape = shape;
  }
  input.rings = parseRings(draft.rings, problems);
  input.predict = parsePredict(draft.predict, problems);
  // The API takes centimetres (as WAVE_ALERT_CM); people think of seas in metres.
  input.wave_alert_cm =
    draft.wave_alert_m.trim() === ''
      ? null
      : Math.round(parseNumber(draft.wave_alert_m, 'wave_alert_cm', 0.1, 30, false, problems) * 100);
  input.is_airport = draft.is_airport;
  const icao = draft.airport_icao.trim().toUpperCase();
  if (icao !== '' && !/^[A-Z]{4}$/.test(icao)) problems.push({ field: 'airport_icao', key: 'icao' });
  input.airport_icao = icao === '' ? null : icao;
  return problems.length > 0 ? { input: null, problems } : { input, problems: [] };
}

/** The setting to send; its range is checked only while it is on (off, a bad range is left as stored). */
export function parsePredict(draft: PredictDraft, problems: DraftProblem[]): LocationInput['predict'] {
  const { minRangeKm, maxRangeKm } = PREDICT_LIMITS;
  if (!draft.enabled) {
    const range = Number(draft.range_km);
    const usable = draft.range_km.trim() !== '' && range >= minRangeKm && range <= maxRangeKm;
    return { enabled: false, level: draft.level, ...(usable ? { range_km: range } : {}) };
  }
  const range_km = parseNumber(draft.range_km, 'predict/range_km', minRangeKm, maxRangeKm, false, problems);
  return { enabled: true, range_km, level: draft.level };
}

/** A saved location as a full PUT body with some fields changed (the list's enabled switch). */
export function inputFromLocation(
  location: LocationDto,
  changes: Partial<LocationInput> = {},
): LocationInput {
  const base: LocationInput = {
    name: location.name,
    name_en: location.name_en,
    time_zone: location.time_zone,
    enabled: location.enabled,
    rings: location.rings,
    predict: location.predict,
    wave_alert_cm: location.wave_alert_cm,
    is_airport: location.is_airport,
    airport_icao: location.airport_icao,
  };
  if (location.zone_id !== null) base.zone_id = location.zone_id;
  else base.shape = location.shape;
  return { ...base, ...changes };
}

/** What a location is drawn from, for the list. */
export function shapeKindOf(location: Pick<LocationDto, 'zone_id' | 'shape'>): ShapeKind {
  if (location.zone_id !== null) return 'zone';
  return location.shape.type === 'Point' ? 'point' : 'polygon';
}
