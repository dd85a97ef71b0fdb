import { describe, expect, it } from 'vitest';
import { SBS_LINES } from './fixtures/opensky-states.js';
import { parseSbsLine, SBS_FORGET_MS, SbsTracker } from './sbs1.js';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const line = (fields: Record<number, string>) => {
  const f =
    'MSG,3,1,1,780a3b,1,2026/11/24,10:00:00.000,2026/11/24,10:00:00.000,,8000,,,23.5,113.3,,,0,0,0,0'.split(
      ',',
    );
  for (const [i, v] of Object.entries(fields)) f[Number(i)] = v;
  return f.join(',');
};

describe('parseSbsLine', () => {
  it('skips blank lines and the records that are not positions', () => {
    expect(parseSbsLine('')).toBeNull();
    expect(
      parseSbsLine('STA,,5,179,400AA5,10103,2008/11/28,14:58:51.153,2008/11/28,14:58:51.153,RM'),
    ).toBeNull();
  });

  it.each([
    ['an unknown record', 'FOO,1,2', 'kind'],
    ['too few fields', 'MSG,3,1', 'line'],
    ['too many fields', `${line({})},1`, 'line'],
    ['a type out of 1..8', line({ 1: '9' }), 'type'],
    ['a bad address', line({ 4: '78GA3B' }), 'hex_ident'],
    ['a latitude as text', line({ 14: 'north' }), 'lat'],
    ['a latitude without longitude', line({ 15: '' }), 'lat'],
    ['a callsign with symbols', line({ 10: 'CS$101' }), 'callsign'],
    ['a squawk with 8', line({ 17: '7800' }), 'squawk'],
    ['an on-ground flag of 2', line({ 21: '2' }), 'is_on_ground'],
    ['a line too long', `${line({})}${' '.repeat(500)}x`, 'line'],
  ])('names %s', (_, text, field) => {
    const r = parseSbsLine(text);
    expect(r && 'problem' in r ? r.problem.field : r).toBe(field);
  });
});

describe('SbsTracker', () => {
  it('joins callsign, velocity and position messages into one report in SI units', () => {
    const t = new SbsTracker();
    const out = SBS_LINES.map((l, i) => t.line(l, NOW, i + 1));
    expect(out.slice(0, 2)).toEqual([null, null]);
    expect(out[2]).toEqual({
      icao24: '780a3b',
      timeMs: NOW,
      lat: 23.51234,
      lon: 113.30001,
      altitudeM: 8000 * 0.3048,
      onGround: false,
      speedMs: (250 * 1852) / 3600,
      trackDeg: 184.5,
      verticalRateMs: (-1216 * 0.3048) / 60,
      callsign: 'CSN3101',
      squawk: null,
    });
    expect(out[3]).toBeNull();
  });

  it('names a value out of range and keeps what it knew', () => {
    const t = new SbsTracker();
    expect(t.line(line({ 11: '200000' }), NOW, 7)).toEqual(
      expect.objectContaining({ item: 7, icao24: '780a3b', field: 'altitude' }),
    );
    // 1e-300 ft is no altitude a float4 column holds (it would fail the whole batch's insert).
    expect(t.line(line({ 11: '1e-300' }), NOW, 7)).toEqual(
      expect.objectContaining({ field: 'altitude', message: expect.stringContaining('1e-30') }),
    );
    expect(t.line(line({ 12: '1e-300' }), NOW, 7)).toEqual(
      expect.objectContaining({ field: 'ground_speed' }),
    );
    expect(t.line(line({ 14: '95' }), NOW, 8)).toEqual(expect.objectContaining({ field: 'lat' }));
    expect(t.line(line({}), NOW, 9)).toEqual(expect.objectContaining({ altitudeM: 8000 * 0.3048 }));
  });

  it('forgets an aircraft not heard for ten minutes', () => {
    const t = new SbsTracker();
    t.line(SBS_LINES[0] as string, NOW, 1);
    expect(t.prune(NOW + SBS_FORGET_MS + 1)).toBe(0);
    const p = t.line(line({}), NOW + SBS_FORGET_MS + 2, 2);
    expect(p).toEqual(expect.objectContaining({ callsign: null }));
  });
});
