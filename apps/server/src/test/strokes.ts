/** Builders of stroke records in the ingest formats, timed relative to now. */

export function isoAgo(ms: number, now = Date.now()): string {
  return new Date(now - ms).toISOString();
}

export interface StrokeSpec {
  agoMs?: number;
  time?: string;
  lat?: number;
  lon?: number;
  peak_ka?: number;
  type?: 'CG' | 'IC';
}

export function jsonStroke(s: StrokeSpec = {}) {
  return {
    time: s.time ?? isoAgo(s.agoMs ?? 60_000),
    lat: s.lat ?? 23.1,
    lon: s.lon ?? 113.3,
    peak_ka: s.peak_ka ?? -21.5,
    type: s.type ?? 'CG',
  };
}

/** One UALF 0/1 line (25 space-separated fields) for a given instant. */
export function ualfLine(d: Date, ns: number, lat: number, lon: number, peakKa: number, ic = false): string {
  const f = [
    0,
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    ns,
    lat.toFixed(4),
    lon.toFixed(4),
    peakKa,
    0,
    12,
    17,
    '134.27',
    '0.40',
    '0.40',
    '0.72',
    '13.1',
    '10.0',
    '-0.0',
    ic ? 1 : 0,
    1,
    0,
    1,
  ];
  return f.join(' ');
}
