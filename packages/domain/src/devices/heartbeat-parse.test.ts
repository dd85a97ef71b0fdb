import { describe, expect, it } from 'vitest';
import { parseHeartbeat } from './heartbeat-parse.js';

const NOW = new Date('2026-07-01T12:00:00Z');
const OK = { device: 'GZ-01', gps_lock: true, temperature_c: 31.5, voltage_v: 12.7, noise: 12, strokes: 40 };

describe('parseHeartbeat', () => {
  it('takes a good heartbeat, its time defaulting to now', () => {
    const r = parseHeartbeat(OK, NOW);
    expect(r).toEqual({
      ok: true,
      device: 'GZ-01',
      heartbeat: { ...OK, device: undefined, time: NOW.toISOString() },
    });
  });

  it('takes the device from the topic', () => {
    const { device: _, ...rest } = OK;
    const r = parseHeartbeat(rest, NOW, 'ZH-7');
    expect(r.ok && r.device).toBe('ZH-7');
  });

  it.each([
    ['not an object', [1, 2], 'body'],
    ['null', null, 'body'],
    ['an unknown field', { ...OK, humidity: 3 }, 'humidity'],
    ['no device', { ...OK, device: undefined }, 'device'],
    ['a device with a slash', { ...OK, device: 'a/b' }, 'device'],
    ['gps_lock as a string', { ...OK, gps_lock: 'yes' }, 'gps_lock'],
    ['no temperature', { ...OK, temperature_c: undefined }, 'temperature_c'],
    ['a temperature too hot', { ...OK, temperature_c: 120 }, 'temperature_c'],
    ['a negative voltage', { ...OK, voltage_v: -1 }, 'voltage_v'],
    ['a voltage as text', { ...OK, voltage_v: '12' }, 'voltage_v'],
    ['noise over 100', { ...OK, noise: 101 }, 'noise'],
    ['fractional strokes', { ...OK, strokes: 1.5 }, 'strokes'],
    ['too many strokes', { ...OK, strokes: 2_000_000 }, 'strokes'],
    ['a time that is not one', { ...OK, time: 'yesterday' }, 'time'],
    ['a time in the future', { ...OK, time: '2026-07-01T12:05:00Z' }, 'time'],
    ['a time two days old', { ...OK, time: '2026-06-29T12:00:00Z' }, 'time'],
  ])('refuses %s, naming the field', (_name, body, field) => {
    const r = parseHeartbeat(body, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.field).toBe(field);
  });

  it('refuses a body naming another device than its topic', () => {
    const r = parseHeartbeat(OK, NOW, 'ZH-7');
    expect(r).toMatchObject({ ok: false, field: 'device' });
  });
});
