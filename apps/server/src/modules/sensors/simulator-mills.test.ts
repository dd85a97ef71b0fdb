import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { SIM_MILLS, simulatorMills } from './simulator-mills.js';

describe('simulated field mills', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
  });
  afterAll(() => t.close());

  it('registers a mill at each demo site and reads the field under the cells', async () => {
    const s = t.app.services;
    const read = await simulatorMills({ sensors: s.sensorsRepo, ingest: s.sensorIngest, log: t.app.log });
    const mills = await s.sensorsRepo.list({ groupId: t.demoGroupId, kind: 'efm' });
    expect(mills.map((m) => m.id)).toEqual(SIM_MILLS.map((m) => m.id));
    expect(mills.every((m) => m.location_id !== null)).toBe(true);
    const airport = SIM_MILLS[0] as (typeof SIM_MILLS)[number];
    const nowMs = Date.now() - 5000;
    // A strong cell over the airport: its mill reads a thundercloud's field; the others fair weather.
    await read(nowMs, [
      {
        id: 1,
        lat: airport.lat,
        lon: airport.lon,
        bornMs: nowMs - 600_000,
        lifeMs: 3_600_000,
        headingDeg: 45,
        speedKmh: 30,
        flashesPerMin: 10,
        peakFlashesPerMin: 12,
        coreKm: 4,
      },
    ]);
    const latest = new Map((await s.sensorsRepo.list({ groupId: t.demoGroupId })).map((m) => [m.id, m]));
    expect(latest.get(airport.id)?.last_values?.[0]).toBeLessThan(-5);
    expect(latest.get('sim-efm-2')?.last_values?.[0]).toBeGreaterThan(0);
    // Registering again (a restart) keeps the same mills.
    await simulatorMills({ sensors: s.sensorsRepo, ingest: s.sensorIngest, log: t.app.log });
    expect((await s.sensorsRepo.list({ groupId: null, kind: 'efm' })).length).toBe(SIM_MILLS.length);
  });
});
