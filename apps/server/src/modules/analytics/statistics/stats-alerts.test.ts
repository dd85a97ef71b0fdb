import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import { describe, expect, it } from 'vitest';
import { alertsPerLocation } from './stats-alerts.js';

const episode = (location_id: number, started_at: string, ended_at: string | null, peak_level: 1 | 2 | 3) =>
  ({ location_id, location_name: `L${location_id}`, started_at, ended_at, peak_level }) as AlertDto;

describe('alertsPerLocation', () => {
  it('counts episodes by peak level, minutes (an open one up to the end) and days with one', () => {
    const end = Date.parse('2026-07-03T00:00:00Z');
    const rows = alertsPerLocation(
      [
        episode(1, '2026-07-01T10:00:00Z', '2026-07-01T10:30:00Z', 1),
        episode(1, '2026-07-01T15:00:00Z', '2026-07-01T16:00:00Z', 3),
        episode(2, '2026-07-02T23:00:00Z', null, 2),
        episode(1, '2026-07-02T01:00:00Z', '2026-07-02T01:10:00Z', 2),
      ],
      end,
    );
    expect(rows).toEqual([
      {
        location_id: 1,
        location_name: 'L1',
        episodes: 3,
        yellow: 1,
        orange: 1,
        red: 1,
        total_min: 100,
        days: 2,
      },
      {
        location_id: 2,
        location_name: 'L2',
        episodes: 1,
        yellow: 0,
        orange: 1,
        red: 0,
        total_min: 60,
        days: 1,
      },
    ]);
  });

  it('counts the days in the asked zone: 23:00Z and 01:00Z next day are one day in Asia/Shanghai', () => {
    const end = Date.parse('2026-07-03T00:00:00Z');
    const episodes = [
      episode(1, '2026-07-01T10:00:00Z', '2026-07-01T10:30:00Z', 1),
      episode(1, '2026-07-01T17:30:00Z', '2026-07-01T17:40:00Z', 1),
      episode(1, '2026-07-02T01:00:00Z', '2026-07-02T01:10:00Z', 2),
    ];
    expect(alertsPerLocation(episodes, end)[0]?.days).toBe(2);
    expect(alertsPerLocation(episodes, end, 'Asia/Shanghai')[0]?.days).toBe(2);
    expect(alertsPerLocation(episodes.slice(1), end, 'UTC')[0]?.days).toBe(2);
    expect(alertsPerLocation(episodes.slice(1), end, 'Asia/Shanghai')[0]?.days).toBe(1);
  });
});
