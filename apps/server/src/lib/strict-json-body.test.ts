import { HeartbeatIn } from '@thunderwatch/shared/schemas/devices';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { typeMismatch } from './strict-json-body.js';

const beat = { device: 'D-1', gps_lock: true, temperature_c: 30, voltage_v: 12, noise: 1, strokes: 0 };

describe('typeMismatch', () => {
  it.each([
    [{ ...beat }, null],
    [{ ...beat, time: '2026-07-01T00:00:00Z' }, null],
    [
      { ...beat, gps_lock: 0 },
      { field: 'gps_lock', message: 'must be boolean, got number' },
    ],
    [
      { ...beat, gps_lock: [1] },
      { field: 'gps_lock', message: 'must be boolean, got array' },
    ],
    [
      { ...beat, gps_lock: 'true' },
      { field: 'gps_lock', message: 'must be boolean, got string' },
    ],
    [
      { ...beat, temperature_c: true },
      { field: 'temperature_c', message: 'must be number, got boolean' },
    ],
    [
      { ...beat, strokes: '1' },
      { field: 'strokes', message: 'must be integer, got string' },
    ],
    [
      { ...beat, noise: null },
      { field: 'noise', message: 'must be number, got null' },
    ],
    [[beat], { field: '(body)', message: 'must be object, got array' }],
  ])('heartbeat %j → %j', (body, expected) => expect(typeMismatch(body, HeartbeatIn)).toEqual(expected));

  it('follows arrays, nested objects and nullable unions', () => {
    const schema = Type.Object({
      items: Type.Array(Type.Object({ n: Type.Union([Type.Number(), Type.Null()]) })),
    });
    expect(typeMismatch({ items: [{ n: 1 }, { n: null }] }, schema)).toBeNull();
    expect(typeMismatch({ items: [{ n: 1 }, { n: '2' }] }, schema)).toEqual({
      field: 'items/1/n',
      message: 'must be number or null, got string',
    });
  });
});
