import { describe, expect, it } from 'vitest';
import { localDateTime, localDateTimeSeconds, localMinutes } from './local-time.js';

describe('local time', () => {
  it.each([
    ['2026-11-21T14:03:59Z', 'Asia/Shanghai', '2026-11-21 22:03', 22 * 60 + 3],
    ['2026-11-21T23:59:59Z', 'Asia/Shanghai', '2026-11-22 07:59', 7 * 60 + 59],
    ['2026-11-21T16:30:00Z', 'Asia/Shanghai', '2026-11-22 00:30', 30],
    ['2026-07-12T06:30:00Z', 'Europe/Berlin', '2026-07-12 08:30', 8 * 60 + 30],
    ['2026-01-12T06:30:00Z', 'Europe/Berlin', '2026-01-12 07:30', 7 * 60 + 30],
    ['2026-03-01T00:00:00Z', 'UTC', '2026-03-01 00:00', 0],
  ])('%s in %s → %s', (iso, tz, text, minutes) => {
    expect(localDateTime(iso, tz)).toBe(text);
    expect(localMinutes(new Date(iso), tz)).toBe(minutes);
    expect(localDateTimeSeconds(new Date(iso), tz)).toBe(`${text}:${iso.slice(17, 19)}`);
  });
});
