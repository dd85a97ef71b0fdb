import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { NotificationPayload } from '../../notify/delivery/channels/delivery-channel.js';

// Chengdu Shuangliu (ZUUU; far from the demo group's sites, which would alarm too) and a made-up field 300 km
// west; a storm cell 12 km north of each (a 6 km square), strokes 15 km from the airport (its 20 km orange
// ring: level 2) and 25 km from the field (its 30 km yellow ring: level 1).
const AIRPORT = { lat: 30.5785, lon: 103.9471 };
const FIELD = { lat: 30.5785, lon: 100.82 };
const KM = 1 / 111;
const NOW = new Date('2026-11-24T06:00:00Z');

const square = (lat: number, lon: number, halfKm: number) => {
  const d = halfKm * KM;
  return [
    [lon - d, lat - d],
    [lon + d, lat - d],
    [lon + d, lat + d],
    [lon - d, lat + d],
    [lon - d, lat - d],
  ];
};

describe.each(DB_KINDS)('flight alarms (%s)', (kind) => {
  let t: TestApp;
  let clock = NOW.getTime();
  let key: string;
  let manager: TestUser;
  let operator: TestUser;
  let outsider: TestUser;
  const sites: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine'],
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off' },
    });
    // The cycles run when the test says: the alarm evaluator's timers are not started ('alarm-evaluator' is not
    // in the background work).
    key = await t.createFeed('adsb');
    const groupId = await t.createGroup(`flight-${kind}`);
    manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    outsider = await t.createUser({ role: 'operator', groupId: await t.createGroup(`other-${kind}`) });
    for (const [name, at, icao] of [
      ['Shuangliu', AIRPORT, 'ZUUU'],
      ['Field', FIELD, null],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: {
          name,
          shape: { type: 'Point', coordinates: [at.lon, at.lat] },
          is_airport: true,
          airport_icao: icao,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ is_airport: true, airport_icao: icao });
      sites[name] = res.json().id;
    }
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Tower',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    await t.app.services.warningEngine.idle();
    const strokes = await post('/api/ingest/strokes', [
      { time: iso(-0.5), lat: AIRPORT.lat - 15 * KM, lon: AIRPORT.lon, peak_ka: -20, type: 'CG' },
      { time: iso(-0.5), lat: FIELD.lat - 25 * KM, lon: FIELD.lon, peak_ka: -20, type: 'CG' },
    ]);
    expect(strokes.statusCode, strokes.body).toBe(200);
    await t.app.services.warningEngine.idle();
    await t.db.query(
      `INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, 2, 0)`,
      [
        iso(-1),
        JSON.stringify(
          [AIRPORT, FIELD].map((a, i) => ({
            type: 'Feature',
            geometry: { type: 'Polygon', coordinates: [square(a.lat + 12 * KM, a.lon, 3)] },
            properties: { id: `cell-${i}`, centroid: [a.lon, a.lat + 12 * KM] },
          })),
        ),
      ],
    );
  });
  afterAll(() => t.close());

  function iso(min: number) {
    return new Date(clock + min * 60_000).toISOString();
  }
  function post(url: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-feed-key': key },
      payload: JSON.stringify(payload),
    });
  }
  /** Positions now: [icao24, callsign, lat, lon]. */
  const fly = async (...aircraft: [string, string, number, number][]) => {
    const s = clock / 1000;
    const res = await post('/api/ingest/flights', {
      time: s,
      states: aircraft.map(([icao24, callsign, lat, lon]) => [
        icao24,
        callsign,
        'China',
        s - 1,
        s - 1,
        lon,
        lat,
        2400,
        false,
        110,
        0,
        -4,
        null,
        2450,
        '4521',
        false,
        0,
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const deliveries = async () =>
    (
      await t.db.query<{ location_id: number; level: number; payload: NotificationPayload }>(
        `SELECT location_id::float8 AS location_id, level, payload FROM deliveries
          WHERE event = 'flight' ORDER BY id`,
      )
    ).rows;
  const inCell = (a: { lat: number; lon: number }) => a.lat + 12 * KM;
  const later = (seconds: number) => {
    clock += seconds * 1000;
  };

  it('knows the levels: the airport orange, the field yellow', async () => {
    const res = await t.call({ method: 'GET', url: '/api/locations/?limit=10', token: operator.access });
    const levels = Object.fromEntries(
      (res.json().items as { name: string; level: number }[]).map((l) => [l.name, l.level]),
    );
    expect(levels).toEqual({ Shuangliu: 2, Field: 1 });
  });

  it('raises exactly one flight alarm for an aircraft entering a cell at the airport, none at the yellow field', async () => {
    await fly(
      ['780a01', 'CSN3101', inCell(AIRPORT), AIRPORT.lon],
      ['780a02', 'CES5120', inCell(FIELD), FIELD.lon],
      ['780a03', 'CCA1301', AIRPORT.lat - 30 * KM, AIRPORT.lon],
    );
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 1, cleared: 0 });
    const sent = await deliveries();
    expect(sent.map((d) => [d.location_id, d.level])).toEqual([[sites.Shuangliu, 2]]);
    expect(sent[0]?.payload).toMatchObject({
      event: 'flight',
      flight: {
        icao24: '780a01',
        callsign: 'CSN3101',
        airport_icao: 'ZUUU',
        location_name: 'Shuangliu',
        level: 2,
      },
    });
  });

  it('does not alarm again while the aircraft stays inside', async () => {
    later(10);
    await fly(['780a01', 'CSN3101', inCell(AIRPORT) + 0.5 * KM, AIRPORT.lon]);
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 0, cleared: 0 });
    later(10);
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 0, cleared: 0 });
    expect(await deliveries()).toHaveLength(1);
  });

  it('renders the message naming callsign and airport in Chinese and English', async () => {
    const [d] = await deliveries();
    if (!d) throw new Error('no delivery');
    const en = MESSAGES.text(d.payload, 'en', 'Asia/Shanghai');
    expect(en.title).toBe('Flight in a storm cell · CSN3101 · Shuangliu');
    expect(en.body).toMatch(
      /^An aircraft entered storm cells near Shuangliu \(ZUUU\), which is at orange lightning warning: CSN3101 \(780a01\), 12(\.\d)? km out at 2,400 m\. 2026-11-24 14:00/,
    );
    const zh = MESSAGES.text(d.payload, 'zh-Hans', 'Asia/Shanghai');
    expect(zh.title).toBe('航班进入雷暴单体 · CSN3101 · Shuangliu');
    expect(zh.body).toMatch(
      /^1 架航空器在Shuangliu（ZUUU）附近进入雷暴单体，机场当前为雷电橙色预警：航班 CSN3101（780a01）距机场 12(\.\d)? 公里，高度 2400 米。/,
    );
  });

  it('clears when the aircraft leaves the cell, and alarms again when it enters anew', async () => {
    later(10);
    await fly(['780a01', 'CSN3101', AIRPORT.lat, AIRPORT.lon]);
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 0, cleared: 1 });
    later(10);
    await fly(['780a01', 'CSN3101', inCell(AIRPORT), AIRPORT.lon]);
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 1, cleared: 0 });
    // The same warning episode: its one message already names the aircraft, nothing new is told.
    const sent = await deliveries();
    expect(sent).toHaveLength(1);
    const told = sent[0]?.payload as Extract<NotificationPayload, { event: 'flight' }> | undefined;
    expect(told?.flight.aircraft).toHaveLength(1);
  });

  it('shows the aircraft within 50 km of the airport, nearest first, to its own group only', async () => {
    later(10);
    await fly(['780a03', 'CCA1301', AIRPORT.lat - 30 * KM, AIRPORT.lon]);
    const res = await t.call({
      method: 'GET',
      url: `/api/flight/near?location=${sites.Shuangliu}`,
      token: operator.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ location_id: sites.Shuangliu, airport_icao: 'ZUUU', radius_km: 50 });
    expect(body.items.map((a: { callsign: string; hazard: string }) => [a.callsign, a.hazard])).toEqual([
      ['CSN3101', 'inside'],
      ['CCA1301', 'none'],
    ]);
    expect(body.items[0].distance_km).toBeCloseTo(12, 0);
    expect(body.items[1].distance_km).toBeCloseTo(30, 0);
    const other = await t.call({
      method: 'GET',
      url: `/api/flight/near?location=${sites.Shuangliu}`,
      token: outsider.access,
    });
    expect(other.statusCode).toBe(404);
    // An aircraft whose latest position left the area is not listed by an earlier one inside it.
    later(5);
    await fly(['780a03', 'CCA1301', AIRPORT.lat - 100 * KM, AIRPORT.lon]);
    const left = await t.call({
      method: 'GET',
      url: `/api/flight/near?location=${sites.Shuangliu}`,
      token: operator.access,
    });
    expect(left.json().items.map((a: { callsign: string }) => a.callsign)).toEqual(['CSN3101']);
    const bad = await t.call({ method: 'GET', url: '/api/flight/near?location=x', token: operator.access });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('location');
  });

  it('lists the airport’s flight alarms, open first, within the hours asked, to its own group only', async () => {
    const list = (query: string, token = operator.access) =>
      t.call({ method: 'GET', url: `/api/flight/alarms?${query}`, token });
    const res = await list(`location=${sites.Shuangliu}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { icao24: string; level: number; cleared_at: string | null }[];
    // The first episode cleared; the re-entry is open and listed first.
    expect(items.map((a) => [a.icao24, a.level, a.cleared_at === null])).toEqual([
      ['780a01', 2, true],
      ['780a01', 2, false],
    ]);
    expect(res.json().since).toBe(new Date(clock - 24 * 3_600_000).toISOString());
    expect((await list(`location=${sites.Field}`)).json().items).toEqual([]);
    // Hours later only the open one is left in a 1 h window.
    clock += 2 * 3_600_000;
    const recent = await list(`location=${sites.Shuangliu}&hours=1`);
    expect(recent.json().items.map((a: { cleared_at: string | null }) => a.cleared_at)).toEqual([null]);
    clock -= 2 * 3_600_000;
    expect((await list(`location=${sites.Shuangliu}`, outsider.access)).statusCode).toBe(404);
    for (const [query, field] of [
      ['location=x', 'location'],
      [`location=${sites.Shuangliu}&hours=169`, 'hours'],
      [`location=${sites.Shuangliu}&hours=0`, 'hours'],
    ] as const) {
      const bad = await list(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body).toContain(field);
    }
  });

  it('refuses an ICAO code that is not four capital letters, naming the field', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/locations/${sites.Field}`,
      token: manager.access,
      payload: { name: 'Field', airport_icao: 'zgg1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('airport_icao');
    const ok = await t.call({
      method: 'PUT',
      url: `/api/locations/${sites.Field}`,
      token: manager.access,
      payload: { name: 'Field', is_airport: false },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ is_airport: false, airport_icao: null });
  });

  it('tells an airport once per warning episode: an aircraft entering later joins its in-app message', async () => {
    later(10);
    await fly(
      ['780a01', 'CSN3101', inCell(AIRPORT), AIRPORT.lon],
      ['780a04', 'CSC8802', inCell(AIRPORT), AIRPORT.lon],
    );
    expect(await t.app.services.alarmEvaluator.evaluate('flight')).toEqual({ raised: 1, cleared: 0 });
    const sent = await deliveries();
    expect(sent).toHaveLength(1);
    const episode = sent[0]?.payload as Extract<NotificationPayload, { event: 'flight' }>;
    expect(episode.flight.aircraft?.map((a) => a.callsign)).toEqual(['CSN3101', 'CSC8802']);
    expect(MESSAGES.text(episode, 'en', 'Asia/Shanghai').title).toBe(
      'Flight in a storm cell · 2 aircraft · Shuangliu',
    );
    expect(MESSAGES.text(episode, 'zh-Hans', 'Asia/Shanghai').body).toContain('航班 CSC8802（780a04）');
    // The airport's warning episode is the key: every alarm of it names it; only the first pushed.
    const facts = (
      await t.db.query<{ icao24: string; episode: string; pushed: boolean | null }>(
        `SELECT facts ->> 'icao24' AS icao24, facts ->> 'episode' AS episode, (facts ->> 'pushed')::boolean AS pushed
           FROM alarms WHERE kind = 'flight' AND location_id = $1 ORDER BY id`,
        [sites.Shuangliu],
      )
    ).rows;
    expect(facts.map((f) => [f.icao24, f.pushed ?? false])).toEqual([
      ['780a01', true],
      ['780a01', false],
      ['780a04', false],
    ]);
    expect(new Set(facts.map((f) => f.episode)).size).toBe(1);
    expect(episode.flight.episode).toBe(facts[0]?.episode);
  });
});
