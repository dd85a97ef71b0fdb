import { describe, expect, it } from 'vitest';
import { checkStrokeValues, type ParsedStroke, validateStroke } from './stroke.js';

const now = Date.UTC(2026, 5, 1, 8, 0, 0);
const good: ParsedStroke = {
  epochMs: now - 1000 + 123,
  ns: 123_456_789,
  lat: 23.1,
  lon: 113.3,
  peakKa: -18.4,
  type: 'CG',
  sensors: 7,
  multiplicity: 0,
  majorKm: 0.4,
  minorKm: 0.2,
  ellipseDeg: 134.27,
};

describe('validateStroke', () => {
  it.each<[string, Partial<ParsedStroke>, string | null]>([
    ['a good stroke', {}, null],
    [
      'no optional values',
      { sensors: null, multiplicity: null, majorKm: null, minorKm: null, ellipseDeg: null },
      null,
    ],
    ['edges of the globe', { lat: -90, lon: 180 }, null],
    ['1000 kA', { peakKa: 1000 }, null],
    ['latitude 91.2', { lat: 91.2 }, 'latitude 91.2 out of range -90..90'],
    ['longitude -180.01', { lon: -180.01 }, 'longitude -180.01 out of range -180..180'],
    ['latitude 0', { lat: 0 }, null],
    ['latitude 1e-9', { lat: 1e-9 }, null],
    [
      'latitude 1e-200 (a distance query near it underflowed in PostgreSQL)',
      { lat: 1e-200 },
      'latitude 1e-200 is too small (non-zero values must be at least 1e-9 in magnitude)',
    ],
    [
      'longitude -5e-324',
      { lon: -5e-324 },
      'longitude -5e-324 is too small (non-zero values must be at least 1e-9 in magnitude)',
    ],
    ['NaN peak', { peakKa: Number.NaN }, 'peak current is not a number'],
    ['infinite latitude', { lat: Number.POSITIVE_INFINITY }, 'latitude is not a number'],
    ['-1000.1 kA', { peakKa: -1000.1 }, 'peak current -1000.1 out of range -1000..1000'],
    ['negative sensors', { sensors: -1 }, 'sensors -1 is not a non-negative integer'],
    ['fractional multiplicity', { multiplicity: 1.5 }, 'multiplicity 1.5 is not a non-negative integer'],
    ['negative ellipse axis', { majorKm: -0.1 }, 'error ellipse major axis -0.1 out of range 0..1000'],
    ['32767 sensors (smallint)', { sensors: 32_767, multiplicity: 32_767 }, null],
    ['32768 sensors', { sensors: 32_768 }, 'sensors 32768 out of range 0..32767'],
    ['multiplicity 1e9', { multiplicity: 1e9 }, 'multiplicity 1000000000 out of range 0..32767'],
    ['zero values in real columns', { peakKa: 0, majorKm: 0, minorKm: 0, ellipseDeg: 0 }, null],
    ['1e-30 kA (float4 holds it)', { peakKa: -1e-30, minorKm: 1e-30 }, null],
    [
      '1e-300 kA (float4 underflow)',
      { peakKa: 1e-300 },
      'peak current 1e-300 is too small (non-zero values must be at least 1e-30 in magnitude)',
    ],
    [
      'tiny negative peak',
      { peakKa: -5e-45 },
      'peak current -5e-45 is too small (non-zero values must be at least 1e-30 in magnitude)',
    ],
    [
      'tiny major axis',
      { majorKm: 1e-300 },
      'error ellipse major axis 1e-300 is too small (non-zero values must be at least 1e-30 in magnitude)',
    ],
    [
      'tiny minor axis',
      { minorKm: 1e-300 },
      'error ellipse minor axis 1e-300 is too small (non-zero values must be at least 1e-30 in magnitude)',
    ],
    [
      'tiny ellipse angle',
      { ellipseDeg: 1e-300 },
      'error ellipse angle 1e-300 is too small (non-zero values must be at least 1e-30 in magnitude)',
    ],
    ['ns ≥ 1 s', { ns: 1_000_000_000 }, 'nanoseconds 1000000000 out of range 0..999999999'],
    [
      'ms disagreeing with ns',
      { ns: 999_000_000 },
      'milliseconds of the time and of the nanoseconds disagree',
    ],
    ['unknown type', { type: 'CC' as 'CG' }, 'type CC is neither CG nor IC'],
    ['exactly 5 min ahead', { epochMs: now + 300_000, ns: 0 }, null],
    [
      '5 min 1 ms ahead',
      { epochMs: now + 300_001, ns: 1_000_000 },
      'time 2026-06-01T08:05:00.001000000Z is more than 5 min in the future',
    ],
  ])('%s', (_name, change, reason) => {
    expect(validateStroke({ ...good, ...change }, now)).toBe(reason);
  });

  it('takes its own future limit', () => {
    const ahead = { ...good, epochMs: now + 31_000, ns: 0 };
    expect(validateStroke(ahead, now, { maxFutureMs: 30_000 })).toBe(
      'time 2026-06-01T08:00:31.000000000Z is more than 30 s in the future',
    );
    expect(validateStroke(ahead, now)).toBeNull();
  });

  it.each<[string, number, number, string | null]>([
    ['inside 400 days', 400, now - 399 * 86_400_000, null],
    ['exactly 400 days old', 400, now - 400 * 86_400_000, null],
    [
      '400 days and 1 ms old',
      400,
      now - 400 * 86_400_000 - 1,
      'older than the retention period of 400 days (RETENTION_DAYS=0 keeps everything)',
    ],
    ['any age when retention is 0', 0, Date.UTC(1990, 0, 1), null],
  ])('retention: %s', (_name, retentionDays, epochMs, reason) => {
    const old = { ...good, epochMs, ns: (((epochMs % 1000) + 1000) % 1000) * 1_000_000 };
    expect(validateStroke(old, now, { retentionDays })).toBe(reason);
  });

  it('checkStrokeValues ignores the clock', () => {
    expect(checkStrokeValues({ ...good, epochMs: good.epochMs + 86_400_000 })).toBeNull();
  });
});
