import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { connected, drained } from '../../../test/sockets.js';
import { jsonStroke } from '../../../test/strokes.js';

const MIN = 60_000;
const SITE = { lat: 23.0, lon: 113.0 };
/** Degrees of latitude per km, near enough for placing test strokes. */
const KM = 1 / 110.75;
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 20, level: 2, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
  { radius_km: 30, level: 1, all_clear_min: 10, min_strokes: 1, window_min: 1, include_ic: true },
];

describe.each(DB_KINDS)('warning engine end to end (%s)', (kind) => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000) * 1000;
  let key: string;
  let operator: TestUser;
  let outsider: TestUser;
  let locationId: number;
  let alarmId: number;
  let alertId: number;
  const t0 = clock;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['warning-engine'], now: () => new Date(clock) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    key = await t.createFeed('wx-net');
    operator = await t.createUser({ role: 'operator' });
    outsider = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`other-${kind}`) });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const ingest = async (strokes: object[]) => {
    await t.ingest(key, strokes);
    await t.app.services.warningEngine.idle();
  };
  const warningOf = async (user: TestUser, id: number) => {
    const res = await t.call({ method: 'GET', url: '/api/warning', token: user.access });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { location_id: number }[]).find((i) => i.location_id === id) as
      | Record<string, unknown>
      | undefined;
  };
  /** A point location with the default rings, once the engine watches it. */
  const watchedSite = async (name: string, at: [number, number]) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: { name, shape: { type: 'Point', coordinates: at }, rings: RINGS },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.warningEngine.idle();
    return res.json().id as number;
  };
  const dropSite = async (id: number) => {
    await t.call({ method: 'DELETE', url: `/api/locations/${id}`, token: operator.access });
    await t.app.services.warningEngine.idle();
  };
  const socketOf = async (user: TestUser) => {
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const s = connect(url, { auth: { token: user.access }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    await connected(s);
    return s;
  };

  it('raises red when a stroke falls inside 10 km, pushed to the owning group only', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: operator.access,
      payload: { name: 'Apron', shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] }, rings: RINGS },
    });
    expect(res.statusCode).toBe(201);
    locationId = res.json().id;
    await t.app.services.warningEngine.idle();
    // The storm comes after the site was made (warning skill scores a site from then).
    clock += 2000;

    const mine = await socketOf(operator);
    const theirs = await socketOf(outsider);
    const heardByThem: string[] = [];
    theirs.on('warning', () => heardByThem.push('warning'));
    theirs.on('alarm', () => heardByThem.push('alarm'));
    const warned = new Promise<{ location_id: number; level: number }[]>((resolve) =>
      mine.once('warning', resolve),
    );
    const alarmed = new Promise<{ id: number; level: number }>((resolve) => mine.once('alarm', resolve));

    await ingest([
      jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: SITE.lat + 5 * KM, lon: SITE.lon }),
      jsonStroke({
        time: new Date(clock - 900).toISOString(),
        lat: SITE.lat - 15 * KM,
        lon: SITE.lon,
        type: 'IC',
      }),
    ]);
    expect((await warned).find((w) => w.location_id === locationId)?.level).toBe(3);
    const alarm = await alarmed;
    expect(alarm.level).toBe(3);
    alarmId = alarm.id;
    await drained(theirs);
    expect(heardByThem).toEqual([]);

    const w = await warningOf(operator, locationId);
    expect(w).toMatchObject({
      level: 3,
      unconfirmed_alarms: 1,
      all_clear_at: new Date(clock - 900 + 10 * MIN).toISOString(),
    });
    expect(w?.nearest_km as number).toBeCloseTo(5, 0);
    expect(w?.bearing_deg as number).toBeLessThan(1);
    expect((w?.counts as { last_15_min: number }[] | undefined)?.map((c) => c.last_15_min)).toEqual([
      1, 2, 2,
    ]);
    alertId = w?.alert_id as number;
    expect(alertId).toBeGreaterThan(0);
  });

  it('keeps another group from seeing or confirming the warning', async () => {
    expect(await warningOf(outsider, locationId)).toBeUndefined();
    const confirm = await t.call({
      method: 'POST',
      url: '/api/warning/alarm_confirm',
      token: outsider.access,
      payload: { id: alarmId },
    });
    expect(confirm.statusCode).toBe(404);
    const skill = await t.call({
      method: 'GET',
      url: `/api/warning/skill?location_id=${locationId}&from=${new Date(t0 - MIN).toISOString()}&to=${new Date(t0 + MIN).toISOString()}`,
      token: outsider.access,
    });
    expect(skill.statusCode).toBe(404);
  });

  it('confirms an alarm once, with who, when and the note; confirming again is harmless', async () => {
    const viewer = await t.createUser({ role: 'viewer' });
    const denied = await t.call({
      method: 'POST',
      url: '/api/warning/alarm_confirm',
      token: viewer.access,
      payload: { id: alarmId },
    });
    expect(denied.statusCode).toBe(403);

    const first = await t.call({
      method: 'POST',
      url: '/api/warning/alarm_confirm',
      token: operator.access,
      payload: { id: alarmId, note: 'ramp closed' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: alarmId,
      note: 'ramp closed',
      confirmed_by: { id: operator.id },
    });
    const again = await t.call({
      method: 'POST',
      url: '/api/warning/alarm_confirm',
      token: t.admin.access,
      payload: { id: alarmId, note: 'second' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ note: 'ramp closed', confirmed_at: first.json().confirmed_at });
    // The engine hears of the confirmation through a signal (Redis or the database's NOTIFY), wherever it
    // runs: the board's count follows a moment after the answer.
    await expect.poll(async () => (await warningOf(operator, locationId))?.unconfirmed_alarms).toBe(0);
  });

  it('gives each alarm of an approaching storm the distance of the stroke that raised it', async () => {
    const id = await watchedSite('Substation', [100, 30]);
    const at = (ago: number) => new Date(clock - ago).toISOString();
    await ingest([
      jsonStroke({ time: at(3000), lat: 30 + 25 * KM, lon: 100 }),
      jsonStroke({ time: at(2000), lat: 30 + 15 * KM, lon: 100 }),
      jsonStroke({ time: at(1000), lat: 30 + 5 * KM, lon: 100 }),
    ]);
    const alarms = await t.call({
      method: 'GET',
      url: `/api/alarms/?location_id=${id}`,
      token: operator.access,
    });
    const got = (alarms.json().items as { level: number; nearest_km: number }[])
      .map((a) => [a.level, Math.round(a.nearest_km)])
      .sort();
    expect(got).toEqual([
      [1, 25],
      [2, 15],
      [3, 5],
    ]);
    await dropSite(id);
  });

  it('gives the all-clear when the countdown runs out and closes the episode', async () => {
    clock += 9 * MIN;
    await t.app.services.warningEngine.tick();
    expect((await warningOf(operator, locationId))?.level).toBe(3);
    clock += 2 * MIN;
    await t.app.services.warningEngine.tick();
    const w = await warningOf(operator, locationId);
    expect(w).toMatchObject({ level: 0, all_clear_at: null, alert_id: null });

    const alert = await t.db.query<{
      ended_at: Date;
      peak_level: number;
      ring_counts: unknown;
      timeline: unknown;
    }>('SELECT ended_at, peak_level, ring_counts, timeline FROM alerts WHERE id = $1', [alertId]);
    const row = alert.rows[0] as (typeof alert.rows)[number];
    // The storm's strokes fell 2 s after t0 (the site was made at t0).
    expect(row.ended_at.toISOString()).toBe(new Date(t0 + 2000 - 900 + 10 * MIN).toISOString());
    expect(row.peak_level).toBe(3);
    expect((row.ring_counts as { strokes: number }[]).map((r) => r.strokes)).toEqual([1, 2, 2]);
    // The 10 km ring clears 100 ms before the others: red steps down to orange, then all-clear.
    expect((row.timeline as { level: number }[]).map((e) => e.level)).toEqual([3, 2, 0]);
  });

  const skillOf = async (id: number, from: number, to: number) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/warning/skill?location_id=${id}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
      token: operator.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('scores the red raised by its own first stroke as a failure to warn, not a hit with no lead', async () => {
    expect(await skillOf(locationId, t0 - 10 * MIN, clock)).toMatchObject({
      events: 1,
      hits: 0,
      failures_to_warn: 1,
      misses: 1,
      false_alarms: 0,
      pod: 0,
      csi: 0,
      median_lead_time_min: null,
      source: 'rings',
      definition: 'hit_needs_warning_before_first_stroke',
    });
  });

  it('scores a storm that raised orange 8 minutes before its first inner stroke as a hit with lead 8', async () => {
    const id = await watchedSite('Pier', [105, 30]);
    // The storm's first stroke, 8 minutes before the inner one, came after the site was made.
    clock += 10 * MIN;
    const start = clock;
    await ingest([
      jsonStroke({ time: new Date(clock - 8 * MIN - 1000).toISOString(), lat: 30 + 15 * KM, lon: 105 }),
    ]);
    await ingest([jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: 30 + 3 * KM, lon: 105 })]);
    expect(await skillOf(id, start - 20 * MIN, clock + 1000)).toMatchObject({
      events: 1,
      hits: 1,
      failures_to_warn: 0,
      pod: 1,
      far: 0,
      csi: 1,
      median_lead_time_min: 8,
      lead_time_p25_min: 8,
      lead_time_p75_min: 8,
    });
    // The episode in the alert history says the same.
    const history = await t.call({
      method: 'GET',
      url: `/api/alert_hist/?location_id=${id}`,
      token: operator.access,
    });
    expect(history.json().items[0]).toMatchObject({ warned_before_first_inner: true, lead_time_min: 8 });
    await dropSite(id);
  });

  it('scores a site only from when it was made, not on storms before it existed', async () => {
    const made = clock;
    // A storm over the place half an hour before the site was made (a late feed delivers it now).
    await ingest([
      jsonStroke({ time: new Date(made - 30 * MIN).toISOString(), lat: 31 + 3 * KM, lon: 106 }),
      jsonStroke({ time: new Date(made - 29 * MIN).toISOString(), lat: 31 + 2 * KM, lon: 106 }),
    ]);
    const id = await watchedSite('New mast', [106, 31]);
    const skill = await skillOf(id, made - 60 * MIN, clock + 1000);
    expect(skill).toMatchObject({ events: 0, hits: 0, false_alarms: 0, pod: null, far: null });
    expect(skill.from).toBe(new Date(made).toISOString());
  });

  it('refuses a window longer than 92 days and accepts one of 90', async () => {
    const day = 86_400_000;
    const long = await t.call({
      method: 'GET',
      url: `/api/warning/skill?location_id=${locationId}&from=${new Date(clock - 93 * day).toISOString()}&to=${new Date(clock).toISOString()}`,
      token: operator.access,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('warning.window_too_large');
    expect((await skillOf(locationId, clock - 90 * day, clock)).events).toBe(1);
  });
});
