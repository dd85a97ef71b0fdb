import type { SiteAlarmFacts, SiteAlarmKind } from '@thunderwatch/shared/alarm-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { insertAlarm, insertAlert } from '../alerts/fixtures/warning-rows.js';
import { SiteAlarmsRepo } from './site-alarms-repo.js';

const POINT = { type: 'Point', coordinates: [113.3, 23.1] };

describe.each(DB_KINDS)('alarms (%s)', (kind) => {
  let t: TestApp;
  let groupA: number;
  let groupB: number;
  let operatorA: TestUser;
  let viewerB: TestUser;
  let siteA: number;
  let otherA: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    groupA = await t.createGroup('alarm-a');
    groupB = await t.createGroup('alarm-b');
    operatorA = await t.createUser({ role: 'operator', groupId: groupA });
    const operatorB = await t.createUser({ role: 'operator', groupId: groupB });
    viewerB = await t.createUser({ role: 'viewer', groupId: groupB });
    const make = async (user: TestUser, name: string) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/locations',
          token: user.access,
          payload: { name, shape: POINT },
        })
      ).json().id as number;
    siteA = await make(operatorA, 'Runway');
    otherA = await make(operatorA, 'Hangar');
    const siteB = await make(operatorB, 'Site B');
    const alertA = await insertAlert(t.db, {
      locationId: siteA,
      groupId: groupA,
      startedAt: '2025-06-01T07:00:00Z',
      peakLevel: 3,
    });
    const alertOther = await insertAlert(t.db, {
      locationId: otherA,
      groupId: groupA,
      startedAt: '2025-06-01T07:30:00Z',
      peakLevel: 1,
    });
    const alertB = await insertAlert(t.db, {
      locationId: siteB,
      groupId: groupB,
      startedAt: '2025-06-01T07:00:00Z',
      peakLevel: 2,
    });
    const base = { alertId: alertA, locationId: siteA, groupId: groupA };
    ids.yellow = await insertAlarm(t.db, {
      ...base,
      level: 1,
      previousLevel: 0,
      createdAt: '2025-06-01T07:00:00Z',
    });
    ids.red = await insertAlarm(t.db, {
      ...base,
      level: 3,
      previousLevel: 1,
      createdAt: '2025-06-01T07:20:00Z',
      confirmedAt: '2025-06-01T07:22:00Z',
      confirmedBy: operatorA.id,
      note: 'crews in',
    });
    ids.hangar = await insertAlarm(t.db, {
      alertId: alertOther,
      locationId: otherA,
      groupId: groupA,
      level: 1,
      previousLevel: 0,
      createdAt: '2025-06-01T07:30:00Z',
    });
    ids.b = await insertAlarm(t.db, {
      alertId: alertB,
      locationId: siteB,
      groupId: groupB,
      level: 2,
      previousLevel: 0,
      createdAt: '2025-06-01T07:00:00Z',
    });
    // A site alarm beside them: a typhoon whose gale radius covers the runway.
    ids.typhoon = (await new SiteAlarmsRepo(t.db).raise(
      'typhoon',
      {
        subject: 'storm:9',
        locationId: siteA,
        groupId: groupA,
        level: 3,
        facts: {
          storm_id: 9,
          inside_gale: true,
          distance_km: 12,
          closest_at: '2025-06-01T09:00:00Z',
          grade: 'TY',
        },
      },
      new Date('2025-06-01T07:40:00Z'),
      t.db,
    )) as number;
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser) => t.call({ method: 'GET', url, token: user.access });
  const idsOf = async (url: string, user = operatorA) =>
    (await get(url, user)).json().items.map((a: { id: number }) => a.id);

  it('lists the group alarms newest first with who confirmed them', async () => {
    const res = (await get('/api/alarms/', operatorA)).json();
    expect(res.total).toBe(3);
    expect(res.items.map((a: { id: number }) => a.id)).toEqual([ids.hangar, ids.red, ids.yellow]);
    expect(res.items[1]).toEqual({
      id: ids.red,
      kind: 'lightning',
      alert_id: expect.any(Number),
      location_id: siteA,
      location_name: 'Runway',
      location_name_en: null,
      group_id: groupA,
      level: 3,
      previous_level: 1,
      subject: null,
      created_at: '2025-06-01T07:20:00.000Z',
      cleared_at: null,
      nearest_km: 7.5,
      bearing_deg: 225,
      confirmed_at: '2025-06-01T07:22:00.000Z',
      confirmed_by: { id: operatorA.id, name: expect.any(String) },
      note: 'crews in',
      predicted_by: null,
      facts: null,
      about: null,
    });
    expect(res.items[0]).toMatchObject({ confirmed_at: null, confirmed_by: null, note: null });
  });

  it.each([
    ['confirmed=false', ['hangar', 'yellow']],
    ['confirmed=true', ['red']],
    ['level=1', ['hangar', 'yellow']],
    ['from=2025-06-01T07:10:00Z&to=2025-06-01T07:30:00Z', ['red']],
  ])('filters by %s', async (query, expected) => {
    expect(await idsOf(`/api/alarms?${query}`)).toEqual(expected.map((k) => ids[k]));
  });

  it('filters by location and pages', async () => {
    expect(await idsOf(`/api/alarms?location_id=${siteA}`)).toEqual([ids.red, ids.yellow]);
    const page = (await get('/api/alarms?limit=1&offset=2', operatorA)).json();
    expect(page).toMatchObject({ total: 3, items: [{ id: ids.yellow }] });
    expect((await get('/api/alarms?level=0', operatorA)).statusCode).toBe(400);
  });

  it('lists every kind with kind=all, or one kind, a site alarm with its subject and facts', async () => {
    expect(await idsOf('/api/alarms?kind=all')).toEqual([ids.typhoon, ids.hangar, ids.red, ids.yellow]);
    const typhoons = (await get('/api/alarms?kind=typhoon', operatorA)).json();
    expect(typhoons.total).toBe(1);
    expect(typhoons.items[0]).toMatchObject({
      id: ids.typhoon,
      kind: 'typhoon',
      alert_id: null,
      previous_level: null,
      subject: 'storm:9',
      level: 3,
      location_name: 'Runway',
      cleared_at: null,
      confirmed_at: null,
      facts: { storm_id: 9, inside_gale: true, grade: 'TY' },
    });
    expect(await idsOf('/api/alarms?kind=wave')).toEqual([]);
    expect((await get('/api/alarms?kind=tsunami', operatorA)).statusCode).toBe(400);
  });

  it('names what a site alarm is about when it is read, several kinds at once, open ones only', async () => {
    const one = async (sql: string, params: unknown[] = []) =>
      ((await t.db.query<{ id: number }>(sql, params)).rows[0] as { id: number }).id;
    const storm = await one(
      `INSERT INTO typhoon_storms (key, format, basin, year, name_en, name_zh, source)
       VALUES ('cma-2025-07', 'cma', 'WP', 2025, 'Wipha', '韦帕', 'test') RETURNING id::float8 AS id`,
    );
    await t.db.query(
      `INSERT INTO weather_stations (id, name, lat, lon, source) VALUES ('B01', 'Buoy one', 22, 114, 'test')`,
    );
    const warning = await one(
      `INSERT INTO weather_warnings (identifier, sender, sent, msg_type, status, scope, kind, level, event,
         headline, language, languages, urgency, severity, certainty, raw_xml, life_key)
       VALUES ('w1', 'sz', '2025-06-01T06:00:00Z', 'Alert', 'Actual', 'Public', 'rainstorm', 'orange', 'Rainstorm',
         'Orange rainstorm warning', 'zh', '{zh}', 'Expected', 'Severe', 'Likely', '<alert/>', 'sz,w1')
       RETURNING id::float8 AS id`,
    );
    const repo = new SiteAlarmsRepo(t.db);
    const at = new Date('2025-06-01T07:50:00Z');
    const raise = async <K extends SiteAlarmKind>(kind: K, subject: string, facts: SiteAlarmFacts[K]) =>
      (await repo.raise(
        kind,
        { subject, locationId: otherA, groupId: groupA, level: 2, facts },
        at,
        t.db,
      )) as number;
    const typhoon = await raise('typhoon', `storm:${storm}`, {
      storm_id: storm,
      inside_gale: false,
      distance_km: 180,
      closest_at: '2025-06-01T12:00:00Z',
      grade: 'STS',
    });
    const wave = await raise('wave', 'station:B01', {
      station_id: 'B01',
      distance_km: 8,
      threshold_m: 2.5,
      height_m: 3.1,
      max_height_m: 3.1,
      reading_at: '2025-06-01T07:45:00Z',
    });
    const warned = await raise('weather_warning', 'life:sz,w1', { warning_id: warning });
    const flight = await raise('flight', 'aircraft:780abc', {
      icao24: '780abc',
      callsign: null,
      distance_km: 4,
      altitude_m: 900,
      cell_id: null,
    });
    const cleared = await raise('wave', 'station:gone', {
      station_id: 'gone',
      distance_km: 8,
      threshold_m: 2.5,
      height_m: 3.1,
      max_height_m: 3.1,
      reading_at: '2025-06-01T07:45:00Z',
    });
    await repo.clear([cleared], at, t.db);
    const kinds = 'kind=typhoon&kind=wave&kind=weather_warning&kind=flight';
    const page = (await get(`/api/alarms?${kinds}&open=true&location_id=${otherA}`, operatorA)).json();
    const about = Object.fromEntries(page.items.map((a: { id: number; about: unknown }) => [a.id, a.about]));
    expect(about).toEqual({
      [typhoon]: { name: 'Wipha', name_zh: '韦帕', warning: null },
      [wave]: { name: 'Buoy one', name_zh: null, warning: null },
      [warned]: {
        name: 'Orange rainstorm warning',
        name_zh: null,
        warning: {
          kind: 'rainstorm',
          colour: 'orange',
          event: 'Rainstorm',
          headline: 'Orange rainstorm warning',
          expires: null,
        },
      },
      [flight]: { name: '780abc', name_zh: null, warning: null },
    });
    // A name read at read time: the station renamed since the alarm opened reads as it is now.
    await t.db.query(`UPDATE weather_stations SET name = 'Buoy 1 (moved)' WHERE id = 'B01'`);
    const after = (await get(`/api/alarms?kind=wave&open=true`, operatorA)).json();
    expect(after.items).toEqual([
      expect.objectContaining({ id: wave, about: expect.objectContaining({ name: 'Buoy 1 (moved)' }) }),
    ]);
    // Cleared only; a subject gone reads as null, not as an error.
    const gone = (await get('/api/alarms?kind=wave&open=false', operatorA)).json();
    expect(gone.items).toEqual([expect.objectContaining({ id: cleared, about: null })]);
    expect((await get('/api/alarms?kind=wave&kind=tsunami', operatorA)).statusCode).toBe(400);
    await t.db.query(`DELETE FROM alarms WHERE id = ANY($1::bigint[])`, [
      [typhoon, wave, warned, flight, cleared],
    ]);
  });

  it('confirms an alarm of any kind once, in the caller’s group only', async () => {
    const confirm = (user: TestUser, id: number, note?: string) =>
      t.call({
        method: 'POST',
        url: '/api/warning/alarm_confirm',
        token: user.access,
        payload: { id, note },
      });
    const other = await t.createUser({ role: 'operator', groupId: groupB });
    expect((await confirm(other, ids.typhoon as number)).statusCode).toBe(404);
    const first = await confirm(operatorA, ids.typhoon as number, 'shutters down');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'typhoon',
      confirmed_by: { id: operatorA.id },
      note: 'shutters down',
    });
    const again = (await confirm(operatorA, ids.typhoon as number, 'later')).json();
    expect(again.note).toBe('shutters down');
    expect(again.confirmed_at).toBe(first.json().confirmed_at);
    expect(await idsOf('/api/alarms?kind=all&confirmed=false')).toEqual([ids.hangar, ids.yellow]);
  });

  it('keeps groups apart, in the list and in findById', async () => {
    expect(await idsOf('/api/alarms', viewerB)).toEqual([ids.b]);
    expect((await get(`/api/alarms?group_id=${groupA}`, viewerB)).statusCode).toBe(404);
    expect(await idsOf(`/api/alarms?group_id=${groupB}`, t.admin)).toEqual([ids.b]);
    const repo = t.app.services.alarmsRepo;
    expect(await repo.findById(ids.red as number, groupB)).toBeNull();
    expect((await repo.findById(ids.red as number, groupA))?.note).toBe('crews in');
    expect((await repo.findById(ids.red as number, null))?.location_name).toBe('Runway');
  });
});
