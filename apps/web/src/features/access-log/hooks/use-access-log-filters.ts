import { useSearchParams } from 'react-router';

/** The filters as typed by the user; kept in the address so a filtered view can be shared or reloaded. */
export interface AccessLogFilters {
  username: string;
  path: string;
  method: string;
  status: string;
  /** `YYYY-MM-DDTHH:MM:SS` wall-clock times (as `datetime-local` gave), read in the user's time zone. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AccessLogFilters = {
  username: '',
  path: '',
  method: '',
  status: '',
  from: '',
  to: '',
};
const KEYS = Object.keys(EMPTY_FILTERS) as (keyof AccessLogFilters)[];

/** The filters as the address holds them (trimmed, in a fixed order): equal keys, equal filters. */
export function filtersKey(filters: AccessLogFilters): string {
  return KEYS.map((key) => filters[key].trim()).join('\u0000');
}

export function useAccessLogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = { ...EMPTY_FILTERS };
  for (const key of KEYS) filters[key] = params.get(key) ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);

  const apply = (next: AccessLogFilters, nextOffset = 0) => {
    const search = new URLSearchParams();
    for (const key of KEYS) if (next[key].trim()) search.set(key, next[key].trim());
    if (nextOffset > 0) search.set('offset', String(nextOffset));
    setParams(search);
  };

  return { filters, offset, apply, setOffset: (next: number) => apply(filters, next) };
}
