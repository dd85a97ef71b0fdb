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

/** The JSON strokes (one per flash, CG or IC as the flash) of minute `m` after `baseMs` of synthetic flashes. */
export function minuteStrokes(
  flashes: readonly { timeMs: number; lat: number; lon: number; cg: boolean }[],
  baseMs: number,
  m: number,
) {
  return flashes
    .filter((f) => f.timeMs >= baseMs + m * 60_000 && f.timeMs < baseMs + (m + 1) * 60_000)
    .map((f) => ({
      time: new Date(f.timeMs).toISOString(),
      lat: f.lat,
      lon: f.lon,
      peak_ka: -20,
      type: f.cg ? 'CG' : 'IC',
    }));
}
