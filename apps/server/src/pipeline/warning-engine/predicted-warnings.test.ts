import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { driveStormMinute, minuteEndMs, pointEastOf, QUICK_RINGS } from '../../test/storm-minutes.js';
import { WARNING_ENGINE } from './warning-engine-seat.js';

const MIN = 60_000;
const START = { lat: 30, lon: 114 };
const east = (km: number) => pointEastOf(START, km);

/**
 * A storm cell moving east at 40 km/h whose flash rate jumps at minute 20 (the tracker flags a lightning
 * jump about minute 21), driven minute by minute: the strokes ingested, the cell tracker's step run, the
 * engine's clock let run. Far site: predicted (orange) from the jump, never reached by a ring, cleared
 * 5 min after the last jump. Near site: predicted (yellow, the outer ring's level) from the jump, then a
 * ring fires in the same episode (the lead gained is recorded). Its twin without the setting sees only
 * the rings, exactly as the near site's rings do.
 */
describe.each(DB_KINDS)('predicted warnings from lightning jumps (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  const base = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
  let clock = base + 10_000;
  const flashes = syntheticFlashes(
    [
      {
        ...START,
        eastKmh: 40,
        sigmaKm: 2.5,
        perMin: (m) => (m < 20 ? 12 + (m % 3) : Math.min(60, 12 + (m - 19) * 8)),
      },
    ],
    base,
    0,
    33,
    7,
  );
  const ids = { far: 0, near: 0, twin: 0 };
  /** Per minute: the shown level and whether it is predicted, of each site. */
  const seen: Record<keyof typeof ids, [number, boolean][]> = { far: [], near: [], twin: [] };

  const api = async <T>(url: string) => {
    const res = await t.call({ method: 'GET', url, token: t.admin.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const warnings = async () => (await api<{ items: WarningItem[] }>('/api/warning')).items;
  const itemOf = (items: WarningItem[], id: number) => items.find((i) => i.location_id === id) as WarningItem;
  const engine = () => t.app.services.warningEngine;

  /** Ingests minute `m`'s strokes, moves the clock past it, runs the tracker step and the engine's tick. */
  const minute = async (m: number) => {
    clock = minuteEndMs(base, m);
    await driveStormMinute(t, key, flashes, base, m);
    const items = await warnings();
    for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
      const item = itemOf(items, ids[name]);
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
    key = await t.createFeed(`predict-${kind}`);
    const make = async (name: string, km: number, predict?: object) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations',
        token: t.admin.access,
        payload: { name, shape: east(km), rings: QUICK_RINGS, ...(predict ? { predict } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    ids.far = await make('Far apron', 66, { enabled: true, range_km: 40, level: 2 });
    ids.near = await make('Near runway', 56, { enabled: true });
    ids.twin = await make('Near runway, rings only', 56);
    await engine().idle();
  });
  afterAll(() => t.close());

  it('raises a predicted warning at the jump, before any ring fires, and keeps it over a new engine term', async () => {
    for (let m = 0; m < 23; m++) await minute(m);
    // The first tracker step that flags a jump (the step of minute m runs at its end).
    const steps = await t.db.query<{ time: Date }>(
      'SELECT time FROM cell_steps WHERE jumps > 0 ORDER BY time LIMIT 1',
    );
    const jumpAt = ((steps.rows[0]?.time.getTime() ?? Number.NaN) - base) / MIN - 1;
    expect(jumpAt).toBeGreaterThan(14);
    expect(firstMinute('far', ([, predicted]) => predicted)).toBe(jumpAt);
    expect(seen.far[jumpAt]).toEqual([2, true]);
    expect(seen.near[jumpAt]).toEqual([1, true]);
    // No ring had fired anywhere before (nor has the twin, which shows the rings alone).
    expect(seen.near.slice(0, jumpAt).every(([level]) => level === 0)).toBe(true);
    expect(seen.twin.every(([level]) => level === 0)).toBe(true);

    const open = await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${ids.far}`);
    expect(open.items).toHaveLength(1);
    expect(open.items[0]).toMatchObject({ predicted: true, ended_at: null, ring_at: null, peak_level: 2 });
    expect(open.items[0]?.timeline[0]).toMatchObject({ level: 2, predicted: true });
    const alarms = await api<{ items: AlarmDto[] }>(`/api/alarms/?location_id=${ids.far}`);
    expect(alarms.items).toHaveLength(1);
    expect(alarms.items[0]?.level).toBe(2);
    expect(alarms.items[0]?.predicted_by).toMatchObject({ cell_id: expect.any(String) });
    expect(alarms.items[0]?.predicted_by?.distance_km).toBeLessThanOrEqual(60);
    expect(alarms.items[0]?.predicted_by?.direction_deg).toBeGreaterThan(45);
    expect(alarms.items[0]?.predicted_by?.direction_deg).toBeLessThan(135);

    // A failover: the next term starts from the stored states, still predicted, in the same episode.
    const term = engine().current();
    await t.app.services.leadership.resign(WARNING_ENGINE);
    await expect.poll(() => engine().current() !== null && engine().current() !== term).toBe(true);
    expect(itemOf(await warnings(), ids.far)).toMatchObject({ level: 2, predicted: true });
    expect(itemOf(await warnings(), ids.far).alert_id).toBe(open.items[0]?.id);
  });

  it('keeps the episode when a ring fires in it, and records the lead the prediction gained', async () => {
    for (let m = 23; m < 34; m++) await minute(m);
    const ringAt = firstMinute('twin', ([level]) => level > 0);
    expect(ringAt).toBeGreaterThan(firstMinute('near', ([, predicted]) => predicted));
    const [near] = (await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${ids.near}`)).items;
    const [twin] = (await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${ids.twin}`)).items;
    expect(near).toMatchObject({ predicted: true });
    expect(twin).toMatchObject({ predicted: false, predicted_lead_min: null });
    // The ring fired in the predicted episode when it fired for the twin, which began its episode then.
    expect(near?.ring_at).toBe(twin?.started_at);
    expect(near?.predicted_lead_min).toBeGreaterThan(0);
    expect(Date.parse(twin?.ring_at as string)).toBe(Date.parse(twin?.started_at as string));
  });

  it('clears once no jump has been in range for the all-clear time', async () => {
    for (let m = 34; m < 45; m++) await minute(m);
    const last = seen.far.at(-1);
    expect(last).toEqual([0, false]);
    const far = (await api<{ items: AlertDto[] }>(`/api/alert_hist/?location_id=${ids.far}`)).items;
    expect(far).toHaveLength(1);
    expect(far[0]).toMatchObject({ predicted: true, ring_at: null, predicted_lead_min: null });
    expect(far[0]?.ended_at).not.toBeNull();
    expect(far[0]?.timeline.at(-1)).toMatchObject({ level: 0 });
    const predicted = await api<{ items: AlertDto[] }>('/api/alert_hist/?predicted=true');
    expect(predicted.items.map((a) => a.location_id).sort()).toEqual([ids.far, ids.near].sort());
    const csv = await t.call({
      method: 'GET',
      url: `/api/alert_hist/?format=csv&location_id=${ids.far}`,
      token: t.admin.access,
    });
    expect(csv.body.split('\r\n')[1]).toMatch(/,yes,,$/);
  });

  it('leaves a location without the setting exactly as its rings make it', async () => {
    // The twin's rings changed as the near site's did, at the same instants; it was never predicted.
    const changes = async (id: number) =>
      (
        await t.db.query<{ at: Date; from_level: number; to_level: number }>(
          'SELECT at, from_level, to_level FROM warning_events WHERE location_id = $1 ORDER BY id',
          [id],
        )
      ).rows.map((r) => [r.at.getTime(), r.from_level, r.to_level]);
    const twin = await changes(ids.twin);
    expect(twin.length).toBeGreaterThan(1);
    expect(await changes(ids.near)).toEqual(twin);
    expect(seen.twin.every(([, predicted]) => !predicted)).toBe(true);
    const alarms = await api<{ items: AlarmDto[] }>(`/api/alarms/?location_id=${ids.twin}`);
    expect(alarms.items.every((a) => a.predicted_by === null)).toBe(true);
    const stored = await t.db.query<{ predicted: unknown }>(
      'SELECT predicted FROM warning_states WHERE location_id = $1',
      [ids.twin],
    );
    expect(stored.rows[0]?.predicted).toBeNull();
  });
});
