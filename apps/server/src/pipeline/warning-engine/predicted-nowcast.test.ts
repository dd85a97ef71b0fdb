import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import {
  NOWCAST_THREAT,
  predictCellOf,
  threatCandidate,
} from '@thunderwatch/domain/warnings/predicted-warning';
import type { CellFeature } from '@thunderwatch/shared/schemas/cells';
import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { driveStormMinute, minuteEndMs, pointEastOf, QUICK_RINGS } from '../../test/storm-minutes.js';

const MIN = 60_000;
const START = { lat: 30, lon: 114 };
const east = (km: number) => pointEastOf(START, km);

/**
 * A steady storm cell (12–14 flashes a minute, never a jump) moving east at 40 km/h towards a site 40 km
 * away, driven minute by minute as in predicted-warnings.test.ts. Its +30 min nowcast reaches the site
 * before the 20 km ring does: the site is predicted orange from then, its alarm naming the nowcast; the
 * twin without the setting sees the orange ring minutes later.
 */
describe.each(DB_KINDS)('predicted warnings from cell nowcasts (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  const base = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
  let clock = base + 10_000;
  const flashes = syntheticFlashes(
    [{ ...START, eastKmh: 40, sigmaKm: 2.5, perMin: (m) => 12 + (m % 3) }],
    base,
    0,
    30,
    11,
  );
  const ids = { site: 0, twin: 0 };
  const seen: Record<keyof typeof ids, [number, boolean][]> = { site: [], twin: [] };
  const engine = () => t.app.services.warningEngine;

  const api = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  const minute = async (m: number) => {
    clock = minuteEndMs(base, m);
    await driveStormMinute(t, key, flashes, base, m);
    const items = (await api<{ items: WarningItem[] }>('/api/warning')).items;
    for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
      const item = items.find((i) => i.location_id === ids[name]) as WarningItem;
      seen[name][m] = [item.level, item.predicted];
    }
  };
  const firstMinute = (name: keyof typeof ids, test: (s: [number, boolean]) => boolean) =>
    seen[name].findIndex((s) => s !== undefined && test(s));

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine', 'cell-tracker', 'models'],
      now: () => new Date(clock),
      env: { LEADER_POLL_MS: '100' },
    });
    key = await t.createFeed(`nowcast-${kind}`);
    const make = async (name: string, predict?: object) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations',
        token: t.admin.access,
        payload: { name, shape: east(40), rings: QUICK_RINGS, ...(predict ? { predict } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    ids.site = await make('Tank farm', { enabled: true, range_km: 40, level: 2 });
    ids.twin = await make('Tank farm, rings only');
    await engine().idle();
  });
  afterAll(() => t.close());

  it('predicts orange once the cell’s +30 min nowcast reaches the site, before the orange ring', async () => {
    for (let m = 0; m < 26; m++) await minute(m);
    const jumps = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM cell_steps WHERE jumps > 0');
    expect(Number(jumps.rows[0]?.n)).toBe(0);
    const predictedAt = firstMinute('site', ([level, predicted]) => predicted && level === 2);
    const ringOrangeAt = firstMinute('twin', ([level]) => level >= 2);
    expect(predictedAt).toBeGreaterThan(0);
    expect(ringOrangeAt).toBeGreaterThan(predictedAt + 3);
    // Until then the site showed what its rings showed (yellow at most).
    expect(seen.site.slice(0, predictedAt)).toEqual(seen.twin.slice(0, predictedAt));
    const alarms = await api<{ items: AlarmDto[] }>(`/api/alarms/?location_id=${ids.site}`);
    const predicted = alarms.items.find((a) => a.predicted_by !== null);
    expect(predicted).toMatchObject({ level: 2, predicted_by: { reason: 'nowcast' } });
    expect(predicted?.predicted_by?.direction_deg).toBeGreaterThan(45);
    expect(predicted?.predicted_by?.direction_deg).toBeLessThan(135);
  });

  it('reads from a step exactly the cells the rule can take as threats', async () => {
    const step = await t.db.query<{ features: CellFeature[] }>(
      'SELECT features FROM cell_steps ORDER BY time DESC LIMIT 1',
    );
    const cell = step.rows[0]?.features[0] as CellFeature;
    expect(cell).toBeDefined();
    const variant = (id: string, change: Partial<CellFeature['properties']>): CellFeature => ({
      ...cell,
      properties: { ...cell.properties, id, ...change },
    });
    const min = NOWCAST_THREAT.minFlashRatePerMin;
    const features = [
      variant('jumping', { jump: true, trend: 'decaying', motion: null, flash_rate_per_min: 0.5 }),
      variant('active', { jump: false, trend: 'steady', flash_rate_per_min: min }),
      variant('growing', { jump: false, trend: 'growing', flash_rate_per_min: 9 }),
      variant('decaying', { jump: false, trend: 'decaying', flash_rate_per_min: 9 }),
      variant('weak', { jump: false, trend: 'growing', flash_rate_per_min: min - 0.1 }),
      variant('still', { jump: false, trend: 'growing', flash_rate_per_min: 9, motion: null }),
    ];
    const stepMs = clock + 10 * MIN;
    await t.app.services.cellsRepo.saveStep(t.db, stepMs, features, { timeMs: stepMs, cells: [] });
    const read = await t.app.services.cellsRepo.newestThreats(stepMs - MIN, stepMs - MIN, min);
    const expected = features.filter((f) => threatCandidate(predictCellOf(f))).map((f) => f.properties.id);
    expect(expected).toEqual(['jumping', 'active', 'growing']);
    expect(read?.features.map((f) => f.properties.id)).toEqual(expected);
  });
});
