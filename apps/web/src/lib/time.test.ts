import { describe, expect, it } from 'vitest';
import { formatDateTime, formatHourMinute, zonedLocalToIso } from './time';

describe('formatDateTime', () => {
  it('shows an instant in the given time zone', () => {
    expect(formatDateTime('2026-06-01T04:05:06.000Z', 'Asia/Shanghai', 'en')).toBe('01/06/2026, 12:05:06');
    expect(formatDateTime('2026-06-01T04:05:06.000Z', 'UTC', 'zh-Hans')).toBe('2026/06/01 04:05:06');
  });

  it('falls back to Asia/Shanghai for an unknown zone', () => {
    expect(formatDateTime('2026-06-01T04:05:06.000Z', 'Mars/Olympus', 'zh-Hans')).toBe('2026/06/01 12:05:06');
  });
});

describe('formatHourMinute', () => {
  it('shows hours and minutes in the given zone, 24-hour, in both languages', () => {
    const t = Date.parse('2025-07-01T15:07:59Z');
    expect(formatHourMinute(t, 'Asia/Shanghai', 'en')).toBe('23:07');
    expect(formatHourMinute(t, 'Asia/Shanghai', 'zh-Hans')).toBe('23:07');
    expect(formatHourMinute(t, 'Europe/London', 'en')).toBe('16:07');
    expect(formatHourMinute(t, 'Not/AZone', 'en')).toBe('23:07');
  });
});

describe('zonedLocalToIso', () => {
  it('reads a datetime-local value as wall-clock time in the zone', () => {
    expect(zonedLocalToIso('2026-06-01T12:00', 'Asia/Shanghai')).toBe('2026-06-01T04:00:00.000Z');
    expect(zonedLocalToIso('2026-01-15T08:30:15', 'UTC')).toBe('2026-01-15T08:30:15.000Z');
  });

  it('handles daylight saving time', () => {
    expect(zonedLocalToIso('2026-07-01T12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedLocalToIso('2026-01-01T12:00', 'Europe/Berlin')).toBe('2026-01-01T11:00:00.000Z');
  });

  it('rejects empty or malformed input', () => {
    expect(zonedLocalToIso('', 'UTC')).toBeNull();
    expect(zonedLocalToIso('yesterday', 'UTC')).toBeNull();
  });
});
