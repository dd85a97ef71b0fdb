import { describe, expect, it } from 'vitest';
import { periodUptime } from './device-period-uptime.js';
import type { StatusChange } from './device-status.js';

const H = 3_600_000;
const at = (h: number, status: StatusChange['status']): StatusChange => ({ at: new Date(h * H), status });

describe('periodUptime over hours 10–20', () => {
  it.each([
    {
      name: 'no history: nothing observed',
      changes: [],
      want: { uptime_pct: null, outages: 0, offline_min: 0 },
    },
    {
      name: 'online since before',
      changes: [at(0, 'online')],
      want: { uptime_pct: 100, outages: 0, offline_min: 0 },
    },
    {
      name: 'one outage of 2 h inside the period',
      changes: [at(0, 'online'), at(12, 'offline'), at(14, 'online')],
      want: { uptime_pct: 80, outages: 1, offline_min: 120 },
    },
    {
      name: 'offline since before: no new outage, all down',
      changes: [at(5, 'online'), at(8, 'offline')],
      want: { uptime_pct: 0, outages: 0, offline_min: 600 },
    },
    {
      name: 'registered midway (offline until its first heartbeat): not an outage',
      changes: [at(15, 'offline'), at(16, 'online')],
      want: { uptime_pct: 80, outages: 0, offline_min: 60 },
    },
    {
      name: 'degraded counts as up; changes after the period are ignored',
      changes: [at(0, 'degraded'), at(19, 'offline'), at(25, 'online')],
      want: { uptime_pct: 90, outages: 1, offline_min: 60 },
    },
  ])('$name', ({ changes, want }) => {
    expect(periodUptime(changes, 10 * H, 20 * H)).toEqual(want);
  });
});
