import { degreeProblem } from '@thunderwatch/domain/common/column-ranges';
import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { StrokeQueryValues } from '@thunderwatch/shared/schemas/lightning';
import { AppError } from '../../../lib/app-error.js';
import type { StrokeFilter } from './strokes-repo.js';

const HOUR_MS = 3_600_000;

function invalid(details: ErrorDetail[]): AppError {
  return new AppError(
    'validation.failed',
    400,
    details.map((d) => `${d.field} ${d.message}`).join('; '),
    details,
  );
}

export function parseBbox(raw: string): StrokeFilter['bbox'] {
  const parts = raw.split(',').map((s) => Number(s.trim()));
  const [west, south, east, north] = parts as [number, number, number, number];
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
    throw invalid([{ field: 'bbox', message: 'must be four numbers: west,south,east,north' }]);
  }
  if (south < -90 || north > 90 || south >= north) {
    throw invalid([{ field: 'bbox', message: 'needs -90 <= south < north <= 90' }]);
  }
  if (west < -180 || west > 180 || east < -180 || east > 180) {
    throw invalid([{ field: 'bbox', message: 'longitudes must lie in -180..180' }]);
  }
  return { west, south, east, north };
}

/** Turns the query into a filter, defaulting to the last hour and refusing windows over `maxWindowMs`. */
export function toStrokeFilter(q: StrokeQueryValues, now: Date, maxWindowMs: number): StrokeFilter {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - HOUR_MS);
  if (from >= to) throw invalid([{ field: 'from', message: 'must be before to' }]);
  if (to.getTime() - from.getTime() > maxWindowMs) {
    throw new AppError(
      'lightning.window_too_large',
      400,
      `The time window may span at most ${maxWindowMs / HOUR_MS} h`,
      [{ field: 'from', message: `window longer than ${maxWindowMs / HOUR_MS} h` }],
    );
  }
  const near = [q.lat, q.lon, q.radius_km];
  if (near.some((v) => v !== undefined) && near.some((v) => v === undefined)) {
    throw invalid([{ field: 'radius_km', message: 'lat, lon and radius_km go together' }]);
  }
  for (const [field, value, limit] of [
    ['lat', q.lat, 90],
    ['lon', q.lon, 180],
  ] as const) {
    const problem = value === undefined ? null : degreeProblem(value, limit);
    if (problem) throw invalid([{ field, message: problem }]);
  }
  if (q.bbox && q.lat !== undefined)
    throw invalid([{ field: 'bbox', message: 'use either bbox or lat/lon/radius_km' }]);
  if (q.min_ka !== undefined && q.max_ka !== undefined && q.min_ka > q.max_ka) {
    throw invalid([{ field: 'min_ka', message: 'must not exceed max_ka' }]);
  }
  return {
    from,
    to,
    bbox: q.bbox ? parseBbox(q.bbox) : undefined,
    near:
      q.lat !== undefined ? { lat: q.lat, lon: q.lon as number, radiusKm: q.radius_km as number } : undefined,
    type: q.type ? (q.type.toUpperCase() as 'CG' | 'IC') : undefined,
    // Compared with the float4 column: rounded to float4 as PostgreSQL would, so that 1e308 (→ Infinity) or
    // 1e-300 (→ 0) filter as their nearest float4 instead of failing with out of range.
    minKa: q.min_ka === undefined ? undefined : Math.fround(q.min_ka),
    maxKa: q.max_ka === undefined ? undefined : Math.fround(q.max_ka),
  };
}
