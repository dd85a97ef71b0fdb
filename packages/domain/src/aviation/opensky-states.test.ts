import { describe, expect, it } from 'vitest';
import { OPENSKY_STATES } from './fixtures/opensky-states.js';
import { parseOpenSkyStates } from './opensky-states.js';

const W = { nowMs: 1_518_552_900_000, retentionDays: 1 };
const good = OPENSKY_STATES.states[0] as unknown[];
const withField = (i: number, v: unknown, base: unknown[] = good) => base.map((x, j) => (j === i ? v : x));

describe('parseOpenSkyStates', () => {
  it('reads the sample: positions in SI units, the aircraft on ground without a position counted', () => {
    const r = parseOpenSkyStates(OPENSKY_STATES, W);
    expect(r.problems).toEqual([]);
    expect(r.withoutPosition).toBe(1);
    expect(r.positions).toEqual([
      {
        icao24: 'ac96b8',
        timeMs: 1_518_552_809_000,
        lat: 44.9529,
        lon: -93.4581,
        altitudeM: 1150.62,
        onGround: false,
        speedMs: 116.59,
        trackDeg: 94.3,
        verticalRateMs: 0,
        callsign: 'AAL2423',
        squawk: '2236',
      },
      expect.objectContaining({ icao24: 'aa56da', verticalRateMs: 0.65, callsign: 'UAL2796' }),
    ]);
  });

  it('reads 18-element vectors (extended=1 adds the category) alike', () => {
    const r = parseOpenSkyStates({ time: 1, states: [[...good, 4]] }, W);
    expect(r.problems).toEqual([]);
    expect(r.positions[0]?.icao24).toBe('ac96b8');
  });

  it('uses last_contact without time_position and the geometric altitude without the barometric one', () => {
    const v = withField(3, null).map((x, j) => (j === 7 ? null : x));
    const p = parseOpenSkyStates({ time: 1, states: [v] }, W).positions[0];
    expect(p?.timeMs).toBe(1_518_552_809_000);
    expect(p?.altitudeM).toBe(1143);
  });

  it('takes null states as no aircraft', () => {
    expect(parseOpenSkyStates({ time: 1, states: null }, W)).toEqual({
      positions: [],
      withoutPosition: 0,
      problems: [],
    });
  });

  it.each([
    ['a string body', 'x', { item: 0, field: 'body' }],
    ['states not an array', { time: 1, states: {} }, { item: 0, field: 'states' }],
  ])('refuses %s', (_, body, problem) => {
    expect(parseOpenSkyStates(body, W).problems).toEqual([expect.objectContaining(problem)]);
  });

  it.each([
    ['a short vector', good.slice(0, 10), 'vector'],
    ['a 19-element vector', [...good, 1, 2], 'vector'],
    ['a bad address', withField(0, 'xyz'), 'icao24'],
    ['a latitude out of range', withField(6, 91), 'latitude'],
    ['a longitude as text', withField(5, '-93.4'), 'longitude'],
    ['an altitude beyond any aircraft', withField(7, 1e9), 'baro_altitude'],
    ['a negative speed', withField(9, -3), 'velocity'],
    ['a track over 360', withField(10, 361), 'true_track'],
    ['a vertical rate beyond any aircraft', withField(11, 9000), 'vertical_rate'],
    ['a speed float4 cannot hold', withField(9, 1e-300), 'velocity'],
    ['an altitude float4 cannot hold', withField(7, -1e-300), 'baro_altitude'],
    ['a geometric altitude float4 cannot hold', withField(13, 1e-300, withField(7, null)), 'geo_altitude'],
    ['a track float4 cannot hold', withField(10, 1e-300), 'true_track'],
    ['a vertical rate float4 cannot hold', withField(11, -1e-300), 'vertical_rate'],
    ['on_ground not a boolean', withField(8, 'no'), 'on_ground'],
    ['a callsign too long', withField(1, 'ABCDEFGHIJ'), 'callsign'],
    ['a squawk not octal', withField(14, '9999'), 'squawk'],
    ['a time in fractions', withField(3, 1518552809.5), 'time_position'],
    ['a time in the future', withField(3, 1_518_560_000), 'time_position'],
    ['a time past retention', withField(3, 1_518_000_000), 'time_position'],
    ['no last_contact', withField(4, null), 'last_contact'],
    ['a position source as an object', withField(16, { value: 0 }), 'position_source'],
    ['a position source as text', withField(16, '0'), 'position_source'],
    ['a position source in fractions', withField(16, 1.5), 'position_source'],
  ])('names %s and keeps the others', (_, bad, field) => {
    const r = parseOpenSkyStates({ time: 1, states: [good, bad] }, W);
    expect(r.positions).toHaveLength(1);
    expect(r.problems).toEqual([expect.objectContaining({ item: 2, field })]);
  });
});
