import { addDays, dateParts } from '../../../lib/calendar-dates';
import { zonedLocalToIso } from '../../../lib/time';

/**
 * The alert history's filters as the address holds them, so a link reproduces the view: every value a
 * string as typed ('' for any), the period as local days (`YYYY-MM-DD`, both ends included) of the user's
 * time zone.
 */
export interface AlertFilters {
  group: string;
  location: string;
  level: string;
  /** 'true' | 'false' | '' */
  predicted: string;
  /** 'open' | 'closed' | '' */
  state: string;
  from: string;
  to: string;
}

export const EMPTY_ALERT_FILTERS: AlertFilters = {
  group: '',
  location: '',
  level: '',
  predicted: '',
  state: '',
  from: '',
  to: '',
};

const KEYS = Object.keys(EMPTY_ALERT_FILTERS) as (keyof AlertFilters)[];

const isId = (s: string) => /^[1-9]\d{0,15}$/.test(s);
const ALLOWED: Record<keyof AlertFilters, (s: string) => boolean> = {
  group: isId,
  location: isId,
  level: (s) => ['1', '2', '3'].includes(s),
  predicted: (s) => s === 'true' || s === 'false',
  state: (s) => s === 'open' || s === 'closed',
  from: (s) => dateParts(s) !== null,
  to: (s) => dateParts(s) !== null,
};

/** What the address says, each value kept only if it means something (a hand-edited link cannot break the screen). */
export interface AlertView {
  filters: AlertFilters;
  offset: number;
  /** The episode whose detail is open, or null. */
  episode: number | null;
}

export function viewFromParams(params: URLSearchParams): AlertView {
  const filters = { ...EMPTY_ALERT_FILTERS };
  for (const key of KEYS) {
    const value = (params.get(key) ?? '').trim();
    if (ALLOWED[key](value)) filters[key] = value;
  }
  const offset = Number(params.get('offset'));
  const episode = params.get('episode') ?? '';
  return {
    filters,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    episode: isId(episode) ? Number(episode) : null,
  };
}

/** The address of a view: only the filters set, in a fixed order, then the page and the open episode. */
export function paramsOfView(view: AlertView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = view.filters[key].trim();
    if (value) params.set(key, value);
  }
  if (view.offset > 0) params.set('offset', String(view.offset));
  if (view.episode !== null) params.set('episode', String(view.episode));
  return params;
}

/** Equal keys, equal filters (for the form's draft: which filters arrived from outside). */
export function alertFiltersKey(filters: AlertFilters): string {
  return KEYS.map((key) => filters[key].trim()).join('\u0000');
}

/** The query of GET /api/alert_hist/ (without paging and format). */
export interface AlertHistoryQuery {
  group_id?: number;
  location_id?: number;
  peak_level?: number;
  predicted?: boolean;
  open?: boolean;
  from?: string;
  to?: string;
}

/**
 * The filters as the API's query: the period's local days as instants of the zone, `to` the midnight that
 * ends its last day (the API's `to` is exclusive); the group only for those who may choose one.
 */
export function alertQueryOf(
  filters: AlertFilters,
  timeZone: string,
  canChooseGroup: boolean,
): AlertHistoryQuery {
  const query: AlertHistoryQuery = {};
  if (canChooseGroup && isId(filters.group)) query.group_id = Number(filters.group);
  if (isId(filters.location)) query.location_id = Number(filters.location);
  if (ALLOWED.level(filters.level)) query.peak_level = Number(filters.level);
  if (ALLOWED.predicted(filters.predicted)) query.predicted = filters.predicted === 'true';
  if (ALLOWED.state(filters.state)) query.open = filters.state === 'open';
  if (dateParts(filters.from))
    query.from = zonedLocalToIso(`${filters.from}T00:00:00`, timeZone) ?? undefined;
  if (dateParts(filters.to)) {
    query.to = zonedLocalToIso(`${addDays(filters.to, 1)}T00:00:00`, timeZone) ?? undefined;
  }
  return query;
}
