import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { pointEastOf, QUICK_RINGS } from '../../test/storm-minutes.js';
import { WARNING_ENGINE } from './warning-engine-seat.js';

const S = 1000;
const MIN = 60 * S;

/**
 * A location with two field mills: the field rises to orange, then red, before any stroke; the level shows
 * with source `efm` on /api/warning, opens a predicted episode and raises alarms on the lightning path;
 * it survives a new engine term; the field falls and the location clears after the all-clear time.
 */
describe.each(DB_KINDS)('field-mill warnings (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let clock = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
  let site = 0;
  let twin = 0;
  const engine = () => t.app.services.warningEngine;
  const api = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const item = async (id: number) =>
    (await api<{ items: WarningItem[] }>('/api/warning')).items.find(
      (i) => i.location_id === id,
    ) as WarningItem;
  /**
   * Readings of both mills each second for `sec` seconds at `kvm` (mill b at half, of the other sign), sent
   * and ticked every `chunk` seconds as the live engine polls (every 2 s).
   */
  const field = async (sec: number, kvm: number, chunk = 2) => {
    for (let done = 0; done < sec; done += chunk) {
      const rows = [];
      for (let i = 0; i < Math.min(chunk, sec - done); i++) {
        clock += S;
        const time = new Date(clock).toISOString();
        rows.push(
          { sensor: `${kind}-a`, time, values: { field: -kvm } },
          { sensor: `${kind}-b`, time, values: { field: kvm / 2 } },
        );
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/sensors',
        headers: { 'x-feed-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify(rows),
      });
      expect(res.statusCode, res.body).toBe(200);
      await engine().tick();
      await engine().idle();
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine'],
      now: () => new Date(clock),
      env: { LEADER_POLL_MS: '100' },
    });
    key = await t.createFeed(`efm-${kind}`);
    const make = async (name: string) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations',
        token: t.admin.access,
        payload: { name, shape: pointEastOf({ lat: 30, lon: 114 }, 10), rings: QUICK_RINGS },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    site = await make('Apron');
    twin = await make('Apron, no mills');
    for (const id of ['a', 'b']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/sensors/',
        token: t.admin.access,
        payload: { id: `${kind}-${id}`, kind: 'efm', name: id, lat: 30, lon: 114.1, location_id: site },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A list that hears the site's alarms, so their messages can be read.
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: t.admin.access,
      payload: {
        name: 'Apron duty',
        locations: [site],
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(t.admin.id) }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    await engine().idle();
  });
  afterAll(() => t.close());

  it('turns the location orange then red from the field alone, as an early warning on the alarm path', async () => {
    await field(30, 0.2);
    expect(await item(site)).toMatchObject({ level: 0, source: null });
    await field(5, 4);
    expect((await item(site)).level).toBe(0);
    await field(10, 4);
    expect(await item(site)).toMatchObject({ level: 2, predicted: true, source: 'efm' });
    await field(12, 5.6);
    const red = await item(site);
    expect(red).toMatchObject({ level: 3, predicted: true, source: 'efm' });
    // All clear 15 min after the latest reading while the field holds.
    expect(Date.parse(red.all_clear_at as string)).toBe(clock + 15 * MIN);
    expect(await item(twin)).toMatchObject({ level: 0 });
    const alerts = await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${site}`);
    expect(alerts.items).toHaveLength(1);
    expect(alerts.items[0]).toMatchObject({ predicted: true, ended_at: null, peak_level: 3, ring_at: null });
    const alarms = await api<{ items: AlarmDto[] }>(`/api/alarms/?location_id=${site}`);
    expect(alarms.items.map((a) => a.level).sort()).toEqual([2, 3]);
    expect(alarms.items.every((a) => a.predicted_by === null)).toBe(true);
    // Their messages say they come from the field mills, with the field strength.
    const sent = await t.db.query<{ level: number; payload: { alarm: { efm_kvm?: number | null } } }>(
      `SELECT level, payload FROM deliveries WHERE event = 'alarm' AND location_id = $1 ORDER BY id`,
      [site],
    );
    expect(sent.rows.map((r) => [r.level, r.payload.alarm.efm_kvm])).toEqual([
      [2, 4],
      [3, 5.6],
    ]);
  });

  it('keeps the level over a new engine term and clears 15 min after the field falls', async () => {
    const term = engine().current();
    await t.app.services.leadership.resign(WARNING_ENGINE);
    await expect.poll(() => engine().current() !== null && engine().current() !== term).toBe(true);
    expect(await item(site)).toMatchObject({ level: 3, source: 'efm' });
    // Inside the hysteresis band (≥ 4.5 kV/m): held.
    await field(60, 4.7, 20);
    expect((await item(site)).level).toBe(3);
    await field(14 * 60, 0.3, 60);
    expect((await item(site)).level).toBe(3);
    await field(120, 0.3, 30);
    expect(await item(site)).toMatchObject({ level: 0, source: null });
    const [alert] = (await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${site}`)).items;
    expect(alert?.ended_at).not.toBeNull();
  });
});
