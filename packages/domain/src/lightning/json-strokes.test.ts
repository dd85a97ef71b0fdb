import { describe, expect, it } from 'vitest';
import { parseJsonStrokes } from './json-strokes.js';

const good = { time: '2021-01-04T08:00:01.864782486Z', lat: 0.4381, lon: -0.85, peak_ka: -20, type: 'CG' };

describe('parseJsonStrokes', () => {
  it('reads a full record with exact nanoseconds', () => {
    const full = { ...good, sensors: 4, multiplicity: 1, major_km: 1.95, minor_km: 1.53, ellipse_deg: 24.99 };
    expect(parseJsonStrokes([full])).toEqual([
      {
        line: 0,
        stroke: {
          epochMs: 1609747201864,
          ns: 864_782_486,
          lat: 0.4381,
          lon: -0.85,
          peakKa: -20,
          type: 'CG',
          sensors: 4,
          multiplicity: 1,
          majorKm: 1.95,
          minorKm: 1.53,
          ellipseDeg: 24.99,
        },
      },
    ]);
  });

  it('fills absent and null optional fields with null', () => {
    const [outcome] = parseJsonStrokes([{ ...good, type: 'IC', sensors: null }]);
    expect(outcome).toMatchObject({ line: 0, stroke: { type: 'IC', sensors: null, majorKm: null } });
  });

  it('numbers records by array index from 0', () => {
    const outcomes = parseJsonStrokes([good, 7, good]);
    expect(outcomes.map((o) => [o.line, 'stroke' in o])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
  });

  it.each<[string, unknown, string]>([
    ['a number', 7, 'record must be an object, got number'],
    ['null', null, 'record must be an object, got null'],
    ['an array', [good], 'record must be an object, got array'],
    ['missing lat', { ...good, lat: undefined }, "missing field 'lat'"],
    ['null peak', { ...good, peak_ka: null }, "missing field 'peak_ka'"],
    ['extra field', { ...good, amp: 3 }, "unknown field 'amp'"],
    ['string latitude', { ...good, lat: '0.43' }, "'lat' must be a number, got string"],
    ['numeric time', { ...good, time: 1609747201864 }, "'time' must be a string, got number"],
    ['lowercase type', { ...good, type: 'cg' }, `'type' must be "CG" or "IC", got "cg"`],
    [
      'several problems at once',
      { time: good.time, lon: 1, peak_ka: 'x', type: 'CG', foo: 1 },
      "missing field 'lat'; unknown field 'foo'; 'peak_ka' must be a number, got string",
    ],
    [
      'time without zone',
      { ...good, time: '2021-01-04T08:00:01' },
      "time '2021-01-04T08:00:01' is not ISO 8601 with a zone (e.g. 2024-06-01T08:00:00.123456789Z)",
    ],
    [
      'impossible date',
      { ...good, time: '2021-13-04T08:00:01Z' },
      "time '2021-13-04T08:00:01Z': month 13 out of range 1..12",
    ],
    ['latitude range', { ...good, lat: 91.2 }, 'latitude 91.2 out of range -90..90'],
    ['negative sensors', { ...good, sensors: -2 }, 'sensors -2 is not a non-negative integer'],
  ])('rejects %s', (_name, record, reason) => {
    // JSON.parse never yields undefined values; drop them as the wire would.
    const wire = JSON.parse(JSON.stringify([record]));
    expect(parseJsonStrokes(wire)).toEqual([{ line: 0, error: reason }]);
  });

  it.each<[unknown, string]>([
    [{ strokes: [] }, 'body must be a JSON array of strokes, got object'],
    ['[]', 'body must be a JSON array of strokes, got string'],
    [null, 'body must be a JSON array of strokes, got null'],
  ])('answers a non-array body %j with one line-0 outcome', (body, reason) => {
    expect(parseJsonStrokes(body)).toEqual([{ line: 0, error: reason }]);
  });

  it('accepts an empty batch', () => {
    expect(parseJsonStrokes([])).toEqual([]);
  });

  it('rejects future strokes only when given the clock', () => {
    const now = Date.UTC(2021, 0, 4, 7, 50);
    expect(parseJsonStrokes([good], { nowMs: now })).toEqual([
      { line: 0, error: 'time 2021-01-04T08:00:01.864782486Z is more than 5 min in the future' },
    ]);
    expect(parseJsonStrokes([good], { nowMs: now + 10 * 60_000 })[0]).toHaveProperty('stroke');
  });
});
