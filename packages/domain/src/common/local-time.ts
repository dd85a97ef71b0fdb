/** Instants as people read them in an IANA time zone. */

/** One formatter per zone: making one costs far more than using it (an export formats every row's times). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsOf(at: Date, timeZone: string) {
  const parts = formatterOf(timeZone).formatToParts(at);
  return (t: string) => parts.find((p) => p.type === t)?.value ?? '';
}

/** The wall-clock fields of an instant in the time zone, as numbers (hours 0–23). */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function localParts(at: Date, timeZone: string): LocalParts {
  const get = partsOf(at, timeZone);
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
  };
}

/** "2026-11-21 14:03" in the time zone. */
export function localDateTime(at: Date | string, timeZone: string): string {
  const get = partsOf(typeof at === 'string' ? new Date(at) : at, timeZone);
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** "2026-11-21 14:03:09" in the time zone. */
export function localDateTimeSeconds(at: Date, timeZone: string): string {
  const get = partsOf(at, timeZone);
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Minutes since local midnight of an instant in the time zone. */
export function localMinutes(at: Date, timeZone: string): number {
  const get = partsOf(at, timeZone);
  return Number(get('hour')) * 60 + Number(get('minute'));
}
