import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { QueryArea, StrokeQuerySpec } from '@thunderwatch/shared/schemas/stroke-query';
import { DEFAULT_TIME_ZONE, zonedLocalToIso } from '../../../lib/time';
import { type PolygonDraft, toPolygon } from '../../../map/sites/polygon-draft';

export type AreaKind = QueryArea['kind'];

/** The query builder's fields as typed (text until checked). */
export interface QueryForm {
  areaKind: AreaKind;
  province: string;
  city: string;
  zone: string;
  lat: string;
  lon: string;
  radiusKm: string;
  bbox: { west: string; south: string; east: string; north: string };
  /** Local dates, YYYY-MM-DD, both included. */
  fromDate: string;
  toDate: string;
  type: 'all' | 'CG' | 'IC';
  polarity: 'all' | 'positive' | 'negative';
  minKa: string;
  maxKa: string;
  groupBy: StrokeQuerySpec['group_by'];
}

export function emptyForm(today: string): QueryForm {
  return {
    areaKind: 'province',
    province: '440000',
    city: '',
    zone: '',
    lat: '',
    lon: '',
    radiusKm: '20',
    bbox: { west: '', south: '', east: '', north: '' },
    fromDate: `${today.slice(0, 8)}01`,
    toDate: today,
    type: 'all',
    polarity: 'all',
    minKa: '',
    maxKa: '',
    groupBy: 'day',
  };
}

/** A problem with the form: the i18n key under `statistics_query.problems` and the field it concerns. */
export interface FormProblem {
  field: string;
  key: string;
}

const num = (s: string) => (s.trim() === '' ? null : Number(s));

function areaOf(f: QueryForm, draft: PolygonDraft): QueryArea | FormProblem {
  switch (f.areaKind) {
    case 'province':
      return f.province
        ? { kind: 'province', code: f.province }
        : { field: 'province', key: 'choose_province' };
    case 'city':
      return f.city ? { kind: 'city', code: f.city } : { field: 'city', key: 'choose_city' };
    case 'zone':
      return f.zone ? { kind: 'zone', id: Number(f.zone) } : { field: 'zone', key: 'choose_zone' };
    case 'radius': {
      const [lat, lon, r] = [num(f.lat), num(f.lon), num(f.radiusKm)];
      if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon))
        return { field: 'lat', key: 'pick_point' };
      if (r === null || !(r > 0 && r <= 500)) return { field: 'radius_km', key: 'radius_range' };
      return { kind: 'radius', lat, lon, radius_km: r };
    }
    case 'polygon': {
      const polygon = toPolygon(draft);
      if (!polygon) return { field: 'polygon', key: 'draw_polygon' };
      return { kind: 'polygon', coordinates: polygon.coordinates[0] as Position[] as [number, number][] };
    }
    case 'bbox': {
      const [west, south, east, north] = [f.bbox.west, f.bbox.south, f.bbox.east, f.bbox.north].map(num);
      if ([west, south, east, north].some((v) => v === null || !Number.isFinite(v)))
        return { field: 'bbox', key: 'bbox_numbers' };
      return {
        kind: 'bbox',
        west: west as number,
        south: south as number,
        east: east as number,
        north: north as number,
      };
    }
  }
}

/** The spec to run, or the first problem; dates are whole local days in `timeZone`, the end day included. */
export function toSpec(f: QueryForm, draft: PolygonDraft, timeZone: string): StrokeQuerySpec | FormProblem {
  const area = areaOf(f, draft);
  if ('key' in area) return area;
  const from = zonedLocalToIso(`${f.fromDate}T00:00`, timeZone);
  const toDay = zonedLocalToIso(`${f.toDate}T00:00`, timeZone);
  if (!from || !toDay) return { field: 'from', key: 'dates' };
  const to = new Date(Date.parse(toDay) + 86_400_000).toISOString();
  if (to <= from) return { field: 'to', key: 'dates_order' };
  const [minKa, maxKa] = [num(f.minKa), num(f.maxKa)];
  if (minKa !== null && !(minKa >= 0 && minKa <= 2000)) return { field: 'min_ka', key: 'ka_range' };
  if (maxKa !== null && !(maxKa >= 0 && maxKa <= 2000)) return { field: 'max_ka', key: 'ka_range' };
  return {
    area,
    from,
    to,
    type: f.type,
    polarity: f.polarity,
    ...(minKa === null ? {} : { min_ka: minKa }),
    ...(maxKa === null ? {} : { max_ka: maxKa }),
    group_by: f.groupBy,
    time_zone: timeZone,
  };
}

/** The local date of an instant in the time zone, YYYY-MM-DD. */
function localDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** A saved spec back in the form (and the polygon draft of a drawn area). */
export function fromSpec(spec: StrokeQuerySpec, base: QueryForm): { form: QueryForm; draft: PolygonDraft } {
  const timeZone = spec.time_zone ?? DEFAULT_TIME_ZONE;
  const form: QueryForm = {
    ...base,
    areaKind: spec.area.kind,
    fromDate: localDay(spec.from, timeZone),
    toDate: localDay(new Date(Date.parse(spec.to) - 1).toISOString(), timeZone),
    type: spec.type ?? 'all',
    polarity: spec.polarity ?? 'all',
    minKa: spec.min_ka === undefined ? '' : String(spec.min_ka),
    maxKa: spec.max_ka === undefined ? '' : String(spec.max_ka),
    groupBy: spec.group_by,
  };
  const a = spec.area;
  let draft: PolygonDraft = { vertices: [], closed: false };
  if (a.kind === 'province') form.province = a.code;
  if (a.kind === 'city') Object.assign(form, { province: `${a.code.slice(0, 2)}0000`, city: a.code });
  if (a.kind === 'zone') form.zone = String(a.id);
  if (a.kind === 'radius')
    Object.assign(form, { lat: String(a.lat), lon: String(a.lon), radiusKm: String(a.radius_km) });
  if (a.kind === 'bbox')
    form.bbox = {
      west: String(a.west),
      south: String(a.south),
      east: String(a.east),
      north: String(a.north),
    };
  if (a.kind === 'polygon') draft = { vertices: a.coordinates.slice(0, -1) as Position[], closed: true };
  return { form, draft };
}
