import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { jsonStroke } from '../../test/strokes.js';
import { StoredWarnings } from './stored-warnings.js';
import type { WarningEngineService } from './warning-engine-service.js';
import { WarningStore } from './warning-store.js';

const KM = 1 / 110.75;
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
];

/** What a standby node answers must be what the engine's node answers, but for the storm approach. */
describe.each(DB_KINDS)('warnings read from the stored states on a standby (%s)', (kind) => {
  let t: TestApp;
  let engine: WarningEngineService;
  let stored: StoredWarnings;
  let groupA: number;
  let groupB: number;
  // One fixed instant for both readers, so that per-minute counts cannot straddle a minute between them.
  const clock = Date.now() + 5000;
  const withoutApproach = (items: WarningItem[]) => items.map((i) => ({ ...i, approach: null }));

  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['warning-engine'], now: () => new Date(clock) });
    engine = t.app.services.warningEngine.current() as WarningEngineService;
    stored = new StoredWarnings({
      store: new WarningStore(t.db),
      locations: t.app.services.locationsRepo,
      now: () => new Date(clock),
    });
    groupA = await t.createGroup(`standby-a-${kind}`);
    groupB = await t.createGroup(`standby-b-${kind}`);
  });
  afterAll(() => t.close());

  it('gives each group its own sites with the engine’s levels, counts, countdowns, episodes and alarms', async () => {
    const site = async (groupId: number, name: string, lon: number) => {
      const admin = await t.createUser({ role: 'group_admin', groupId });
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: admin.access,
        payload: { name, shape: { type: 'Point', coordinates: [lon, 40] }, rings: RINGS },
      });
      expect(res.statusCode).toBe(201);
    };
    await site(groupA, 'Red site', 90);
    await site(groupA, 'Yellow site', 92);
    await site(groupA, 'Quiet site', 94);
    await site(groupB, 'Other group', 96);
    const key = await t.createFeed('standby-net');
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        jsonStroke({ agoMs: 2000, lat: 40 + 3 * KM, lon: 90 }),
        jsonStroke({ agoMs: 1500, lat: 40 + 20 * KM, lon: 92 }),
        jsonStroke({ agoMs: 1000, lat: 40 + 2 * KM, lon: 96 }),
      ],
    });
    expect(res.json().accepted).toBe(3);
    await t.app.services.warningEngine.idle();

    const fromEngine = engine.warnings(groupA);
    expect(fromEngine.map((i) => [i.name, i.level])).toEqual([
      ['Red site', 3],
      ['Yellow site', 1],
      ['Quiet site', 0],
    ]);
    expect(await stored.warnings(groupA)).toEqual(withoutApproach(fromEngine));
    expect(await stored.warnings(groupB)).toEqual(withoutApproach(engine.warnings(groupB)));
    const everyGroup = await stored.warnings(null);
    expect(everyGroup.map((i) => i.name)).toEqual(expect.arrayContaining(['Red site', 'Other group']));
    const ids = fromEngine.map((i) => i.location_id);
    const levels = await stored.levels(ids);
    expect(ids.map((id) => levels.get(id) ?? 0)).toEqual([3, 1, 0]);
  });
});
