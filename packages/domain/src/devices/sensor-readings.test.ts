import { describe, expect, it } from 'vitest';
import { parseSensorReadings, sensorIdsOf } from './sensor-readings.js';

const NOW = Date.parse('2026-07-01T12:00:00Z');
const window = { nowMs: NOW, retentionDays: 30, aheadMs: 60_000 };
const kinds: Record<string, 'efm' | 'met'> = { mill: 'efm', mast: 'met' };
const parse = (body: unknown) => parseSensorReadings(body, window, (id) => kinds[id]);
const T = '2026-07-01T11:59:00Z';

describe('parseSensorReadings', () => {
  it.each([
    [{ sensor: 'mill', time: T, values: { field: 3.5 } }, [3.5, null, null, null, null, null, null]],
    [
      { sensor: 'mill', time: T, values: { field: -2500 }, units: { field: 'V/m' } },
      [-2.5, null, null, null, null, null, null],
    ],
    [
      {
        sensor: 'mast',
        time: T,
        values: { wind_speed: 4, wind_dir: 360, temperature: -3, humidity: 0, pressure: 101_300, rain: 0 },
        units: { pressure: 'Pa' },
      },
      [null, 4, 360, -3, 0, 1013, 0],
    ],
    [
      { sensor: 'mast', time: T, values: { temperature: 20, rain: null } },
      [null, null, null, 20, null, null, null],
    ],
  ])('reads %j', (row, values) => {
    const r = parse([row]);
    expect(r.problems).toEqual([]);
    expect(r.rows).toEqual([{ row: 1, sensor: row.sensor, timeMs: Date.parse(T), values }]);
  });

  it.each([
    [
      'an unknown sensor',
      { sensor: 'x', time: T, values: { field: 1 } },
      'sensor',
      'x is not a known sensor',
    ],
    ['a bad id', { sensor: 'a b', time: T, values: { field: 1 } }, 'sensor', 'must be a sensor id'],
    [
      'a field beyond ±50 kV/m',
      { sensor: 'mill', time: T, values: { field: -51 } },
      'values/field',
      'between -50 and 50',
    ],
    [
      'an unknown unit',
      { sensor: 'mill', time: T, values: { field: 1 }, units: { field: 'kV' } },
      'units/field',
      'must be kV/m or V/m',
    ],
    [
      'a unit of an absent element',
      { sensor: 'mill', time: T, values: { field: 1 }, units: { rain: 'mm' } },
      'units/rain',
      'does not carry',
    ],
    [
      'a met element on a mill',
      { sensor: 'mill', time: T, values: { rain: 1 } },
      'values/rain',
      'not reported by a efm sensor',
    ],
    [
      'humidity over 100 %',
      { sensor: 'mast', time: T, values: { humidity: 101 } },
      'values/humidity',
      'between 0 and 100',
    ],
    [
      'a negative wind',
      { sensor: 'mast', time: T, values: { wind_speed: -1 } },
      'values/wind_speed',
      'between 0 and 120',
    ],
    [
      'text for a number',
      { sensor: 'mast', time: T, values: { pressure: '1000' } },
      'values/pressure',
      'finite number',
    ],
    ['no value', { sensor: 'mast', time: T, values: {} }, 'values', 'has no reading'],
    ['values not an object', { sensor: 'mast', time: T, values: [1] }, 'values', 'must be an object'],
    [
      'a time 2 min ahead',
      { sensor: 'mill', time: '2026-07-01T12:02:00Z', values: { field: 1 } },
      'time',
      'in the future',
    ],
    [
      'a time without a zone',
      { sensor: 'mill', time: '2026-07-01T11:00:00', values: { field: 1 } },
      'time',
      'with a zone',
    ],
    [
      'a time past retention',
      { sensor: 'mill', time: '2026-05-01T11:00:00Z', values: { field: 1 } },
      'time',
      'retention',
    ],
    [
      'an unknown field',
      { sensor: 'mill', time: T, values: { field: 1 }, extra: 1 },
      'extra',
      'not a known field',
    ],
  ])('refuses %s', (_name, row, field, message) => {
    const r = parse([{ sensor: 'mill', time: T, values: { field: 1 } }, row]);
    expect(r.rows).toHaveLength(1);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ row: 2, field });
    expect(r.problems[0]?.message).toContain(message);
  });

  it('takes one object as a batch of one and refuses other bodies', () => {
    expect(parse({ sensor: 'mill', time: T, values: { field: 1 } }).rows).toHaveLength(1);
    expect(parse('text').problems[0]).toMatchObject({ row: 0, field: '(body)' });
    expect(parse([3]).problems[0]).toMatchObject({ row: 1, field: '(row)' });
  });

  it('lists the ids a body names', () => {
    expect(sensorIdsOf([{ sensor: 'a' }, { sensor: 'a' }, { sensor: 'b c' }, null, { sensor: 'd' }])).toEqual(
      ['a', 'd'],
    );
  });
});
