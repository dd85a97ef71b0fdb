import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { startDeviceSimulator } from './simulator-devices.js';

describe.each(DB_KINDS)('simulated detection stations (%s)', (kind) => {
  let t: TestApp;
  // Minute 5 of the hour: station 3 has no GPS lock then.
  const now = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5 * 60_000 + 1_000;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(now) });
  });
  afterAll(() => t.close());

  const list = async () => {
    const res = await t.call({ method: 'GET', url: '/api/devices/', token: t.admin.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      id: string;
      name: string;
      name_en: string | null;
      group_id: number;
      status: string;
      status_reasons: string[];
    }[];
  };

  it('registers four stations in the demo group and sends their heartbeats', async () => {
    const s = t.app.services;
    const deps = { repo: s.devicesRepo, devices: s.devices, log: t.app.log };
    const stop = await startDeviceSimulator(deps, () => now);
    // The first heartbeats go at once; the interval is a minute: wait until all four are in.
    for (let i = 0; i < 50 && (await list()).some((d) => d.status === 'offline'); i++)
      await new Promise((r) => setTimeout(r, 100));
    stop();
    const items = (await list()).filter((d) => d.id.startsWith('sim-station-'));
    expect(items.map((d) => [d.id, d.group_id, d.status, d.status_reasons])).toEqual([
      ['sim-station-1', t.demoGroupId, 'online', []],
      ['sim-station-2', t.demoGroupId, 'online', []],
      ['sim-station-3', t.demoGroupId, 'degraded', ['no_gps_lock']],
      ['sim-station-4', t.demoGroupId, 'online', []],
    ]);
    // Each named in Chinese, with its English name.
    expect(items.map((d) => [d.name, d.name_en])).toEqual([
      ['从化', 'Conghua'],
      ['深圳', 'Shenzhen'],
      ['珠海', 'Zhuhai'],
      ['清远', 'Qingyuan'],
    ]);
    // A restart registers nothing twice.
    (await startDeviceSimulator(deps, () => now))();
    expect((await list()).filter((d) => d.id.startsWith('sim-station-'))).toHaveLength(4);
  });
});
