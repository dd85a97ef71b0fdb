import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { LocationChange } from './location-changes.js';

const POINT = { type: 'Point', coordinates: [113.3, 23.1] };
const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [113, 23],
      [113.1, 23],
      [113.1, 23.1],
      [113, 23.1],
      [113, 23],
    ],
  ],
};
const ring = (radius_km: number, level: number) => ({
  radius_km,
  level,
  all_clear_min: 15,
  min_strokes: 2,
  window_min: 5,
  include_ic: false,
});

describe.each(DB_KINDS)('locations (%s)', (kind) => {
  let t: TestApp;
  let groupA: number;
  let groupB: number;
  let operatorA: TestUser;
  let viewerA: TestUser;
  let operatorB: TestUser;
  const changes: LocationChange[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind);
    groupA = await t.createGroup('loc-a');
    groupB = await t.createGroup('loc-b');
    operatorA = await t.createUser({ role: 'operator', groupId: groupA });
    viewerA = await t.createUser({ role: 'viewer', groupId: groupA });
    operatorB = await t.createUser({ role: 'operator', groupId: groupB });
    t.app.services.locationChanges.subscribe((c) => changes.push(c));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.call({ method, url, token: user.access, ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, payload: object) => {
    const res = await call('POST', '/api/locations/', user, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('gives the demo group an airport, a port, a substation and a school on first start', async () => {
    const res = await call('GET', `/api/locations?group_id=${t.demoGroupId}`, t.admin);
    const items = res.json().items;
    // Named in Chinese, each with its English name beside it.
    expect(items.map((l: { name: string }) => l.name)).toEqual([
      '广州白云国际机场',
      '深圳盐田港',
      '东莞 500 kV 变电站',
      '华南理工大学五山校区',
    ]);
    expect(items.map((l: { name_en: string }) => l.name_en)).toEqual([
      expect.stringContaining('Airport'),
      expect.stringContaining('Port'),
      expect.stringContaining('substation'),
      expect.stringContaining('campus'),
    ]);
    expect(items.map((l: { shape: { type: string } }) => l.shape.type)).toEqual([
      'Point',
      'Point',
      'Point',
      'Polygon',
    ]);
    expect(items[0].rings).toEqual(DEFAULT_RINGS);
  });

  it('creates a point location with the default rings, the user time zone, enabled', async () => {
    await call('POST', '/api/change_profile_by_user', operatorA, { time_zone: 'Asia/Hong_Kong' });
    const created = await create(operatorA, { name: '  Pier 3 ', shape: POINT });
    expect(created).toMatchObject({
      group_id: groupA,
      name: 'Pier 3',
      name_en: null,
      shape: POINT,
      zone_id: null,
      time_zone: 'Asia/Hong_Kong',
      enabled: true,
      level: 0,
      rings: DEFAULT_RINGS,
      // Early warning from lightning jumps: off, 40 km, at the outermost ring's level.
      predict: { enabled: false, range_km: 40, level: 1 },
    });
    expect(created.created_at).toMatch(/Z$/);
    const read = await call('GET', `/api/locations/${created.id}/`, viewerA);
    expect(read.json()).toEqual(created);
    const change = changes.find((c) => c.type === 'upsert' && c.location.id === created.id);
    expect(change).toEqual({
      type: 'upsert',
      location: {
        id: created.id,
        groupId: groupA,
        name: 'Pier 3',
        nameEn: null,
        shape: POINT,
        zoneId: null,
        timeZone: 'Asia/Hong_Kong',
        enabled: true,
        rings: DEFAULT_RINGS,
        predict: { enabled: false, rangeKm: 40, level: null },
      },
    });
  });

  it('lists with name search and the enabled filter, paged', async () => {
    await create(operatorA, { name: 'Quarry north', shape: POINT, enabled: false });
    await create(operatorA, { name: 'Quarry south', shape: POINT });
    const q = (await call('GET', '/api/locations?q=quarry', viewerA)).json();
    expect(q.items.map((l: { name: string }) => l.name)).toEqual(['Quarry north', 'Quarry south']);
    const disabled = (await call('GET', '/api/locations/?q=quarry&enabled=false', viewerA)).json();
    expect(disabled).toMatchObject({ total: 1, items: [{ name: 'Quarry north', enabled: false, level: 0 }] });
    const page = (await call('GET', '/api/locations?q=quarry&limit=1&offset=1', viewerA)).json();
    expect(page).toMatchObject({ total: 2, items: [{ name: 'Quarry south' }] });
    expect((await call('GET', '/api/locations?limit=1001', viewerA)).statusCode).toBe(400);
  });

  it('names the ring and field of every bad ring', async () => {
    const res = await call('POST', '/api/locations', operatorA, {
      name: 'x',
      shape: POINT,
      rings: [ring(10, 2), ring(20, 3)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'location.invalid_rings',
      details: [{ field: 'rings/1/level', message: expect.stringContaining('must not rise outward') }],
    });
    const limits = await call('POST', '/api/locations', operatorA, {
      name: 'x',
      shape: POINT,
      rings: [{ ...ring(0, 3), all_clear_min: 0 }],
    });
    expect(limits.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'rings/0/radius_km',
      'rings/0/all_clear_min',
    ]);
    const none = await call('POST', '/api/locations', operatorA, { name: 'x', shape: POINT, rings: [] });
    expect(none.json().error.details).toEqual([
      { field: 'rings', message: 'must have between 1 and 6 rings' },
    ]);
  });

  it('sets the early warning from lightning jumps, keeps what is left out, and names a bad value', async () => {
    const created = await create(operatorA, { name: 'Apron', shape: POINT });
    const put = (predict: object) =>
      call('PUT', `/api/locations/${created.id}`, operatorA, { name: 'Apron', predict });
    const on = await put({ enabled: true, range_km: 25, level: 2 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().predict).toEqual({ enabled: true, range_km: 25, level: 2 });
    expect((await put({ enabled: false })).json().predict).toEqual({
      enabled: false,
      range_km: 25,
      level: 2,
    });
    expect((await put({ enabled: true, level: null })).json().predict).toEqual({
      enabled: true,
      range_km: 25,
      level: 1,
    });
    const bad = await put({ enabled: true, range_km: 500, level: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'location.invalid_predict',
      details: [
        { field: 'predict/range_km', message: 'must be between 1 and 200' },
        { field: 'predict/level', message: expect.stringContaining('1, 2 or 3') },
      ],
    });
    const extra = await put({ enabled: true, radius: 3 });
    expect(extra.statusCode).toBe(400);
    expect((await call('GET', `/api/locations/${created.id}/`, viewerA)).json().predict.level).toBe(1);
  });

  it.each([
    [{ type: 'Point', coordinates: [200, 23] }, 'shape/coordinates', /longitude 200/],
    [{ type: 'Point', coordinates: [113] }, 'shape/coordinates', /\[longitude, latitude\]/],
    [
      {
        type: 'Polygon',
        coordinates: [
          [
            [113, 23],
            [113.1, 23.1],
            [113.1, 23],
            [113, 23.1],
            [113, 23],
          ],
        ],
      },
      'shape/coordinates/0/2',
      /crosses or touches itself/,
    ],
    [{ type: 'Polygon', coordinates: [[[113, 23]]] }, 'shape/coordinates/0', /at least 4/],
  ])('refuses the shape %j naming %s', async (shape, field, message) => {
    const res = await call('POST', '/api/locations', operatorA, { name: 'x', shape });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('location.invalid_shape');
    expect(res.json().error.details[0].field).toBe(field);
    expect(res.json().error.details[0].message).toMatch(message);
  });

  it('needs exactly one of shape and zone_id, a known time zone and no unknown fields', async () => {
    const neither = await call('POST', '/api/locations', operatorA, { name: 'x' });
    expect(neither.json().error).toMatchObject({
      code: 'location.invalid_shape',
      details: [{ field: 'shape' }],
    });
    const both = await call('POST', '/api/locations', operatorA, { name: 'x', shape: POINT, zone_id: 1 });
    expect(both.json().error).toMatchObject({
      code: 'location.invalid_shape',
      details: [{ field: 'zone_id' }],
    });
    const tz = await call('POST', '/api/locations', operatorA, {
      name: 'x',
      shape: POINT,
      time_zone: 'Mars/Base',
    });
    expect(tz.json().error.details).toEqual([{ field: 'time_zone', message: 'unknown time zone' }]);
    const extra = await call('POST', '/api/locations', operatorA, { name: 'x', shape: POINT, colour: 'red' });
    expect(extra.json().error.details).toEqual([{ field: 'colour', message: 'is not a known field' }]);
    const blank = await call('POST', '/api/locations', operatorA, { name: '   ', shape: POINT });
    expect(blank.json().error.details[0].field).toBe('name');
  });

  it('copies a zone polygon into the shape and keeps the zone link; another group zone is refused', async () => {
    const zone = await call('POST', '/api/zones/', operatorA, { name: 'Yard', geometry: SQUARE });
    const zoneB = await call('POST', '/api/zones/', operatorB, { name: 'Other yard', geometry: SQUARE });
    const made = await create(operatorA, { name: 'Yard site', zone_id: zone.json().id });
    expect(made).toMatchObject({ shape: SQUARE, zone_id: zone.json().id });
    const foreign = await call('POST', '/api/locations', operatorA, { name: 'x', zone_id: zoneB.json().id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([{ field: 'zone_id', message: expect.any(String) }]);
  });

  it('updates what is given and keeps the rest; rings are stored innermost first', async () => {
    const made = await create(operatorA, { name: 'Mast', shape: POINT, time_zone: 'Asia/Tokyo' });
    const res = await call('PUT', `/api/locations/${made.id}`, operatorA, {
      name: 'Mast 2',
      shape: SQUARE,
      rings: [ring(20, 1), ring(5, 3)],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Mast 2',
      shape: SQUARE,
      time_zone: 'Asia/Tokyo',
      enabled: true,
      rings: [ring(5, 3), ring(20, 1)],
    });
    expect(changes.at(-1)).toMatchObject({ type: 'upsert', location: { id: made.id, name: 'Mast 2' } });
    const off = await call('PUT', `/api/locations/${made.id}`, operatorA, { name: 'Mast 2', enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, shape: SQUARE, rings: [ring(5, 3), ring(20, 1)] });
  });

  it('deletes softly: gone from the API and the engine, kept in the database', async () => {
    const made = await create(operatorA, { name: 'Temporary', shape: POINT });
    expect((await call('DELETE', `/api/locations/${made.id}`, operatorA)).json()).toEqual({ status: 'ok' });
    expect(changes.at(-1)).toEqual({ type: 'delete', id: made.id, groupId: groupA });
    expect((await call('GET', `/api/locations/${made.id}`, operatorA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/locations/${made.id}`, operatorA)).statusCode).toBe(404);
    const list = (await call('GET', '/api/locations?q=Temporary', operatorA)).json();
    expect(list.total).toBe(0);
    const row = await t.db.query<{ deleted_at: Date | null }>(
      'SELECT deleted_at FROM locations WHERE id = $1',
      [made.id],
    );
    expect(row.rows[0]?.deleted_at).toBeInstanceOf(Date);
    const engine = await t.app.services.locationsRepo.listAllEnabled();
    expect(engine.map((l) => l.id)).not.toContain(made.id);
    expect(engine.some((l) => l.name === 'Quarry north')).toBe(false);
    expect(engine.some((l) => l.name === 'Quarry south')).toBe(true);
    expect(new Set(engine.map((l) => l.groupId))).toEqual(new Set([t.demoGroupId, groupA]));
  });

  it('keeps groups apart: another group cannot see, change or delete a location', async () => {
    const made = await create(operatorA, { name: 'Secret', shape: POINT });
    expect((await call('GET', `/api/locations/${made.id}`, operatorB)).statusCode).toBe(404);
    const put = await call('PUT', `/api/locations/${made.id}`, operatorB, { name: 'Mine' });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('location.not_found');
    expect((await call('DELETE', `/api/locations/${made.id}`, operatorB)).statusCode).toBe(404);
    const listB = (await call('GET', '/api/locations?limit=1000', operatorB)).json();
    expect(listB.items.every((l: { group_id: number }) => l.group_id === groupB)).toBe(true);
    expect((await call('GET', `/api/locations?group_id=${groupA}`, operatorB)).statusCode).toBe(404);
    expect((await call('GET', `/api/locations/${made.id}`, t.admin)).statusCode).toBe(200);
  });

  it('lets viewers read but not write', async () => {
    const made = await create(operatorA, { name: 'Viewed', shape: POINT });
    expect((await call('GET', `/api/locations/${made.id}`, viewerA)).statusCode).toBe(200);
    expect((await call('POST', '/api/locations', viewerA, { name: 'x', shape: POINT })).statusCode).toBe(403);
    expect((await call('PUT', `/api/locations/${made.id}`, viewerA, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/locations/${made.id}`, viewerA)).statusCode).toBe(403);
  });

  it('lets an admin list every group or one, and create in a named group', async () => {
    const made = await create(t.admin, { name: 'Admin made', shape: POINT });
    expect(made.group_id).toBe(t.admin.groupId);
    const res = await call('POST', `/api/locations?group_id=${groupB}`, t.admin, {
      name: 'For B',
      shape: POINT,
    });
    expect(res.json().group_id).toBe(groupB);
    const all = (await call('GET', '/api/locations?limit=1000', t.admin)).json();
    expect(new Set(all.items.map((l: { group_id: number }) => l.group_id))).toEqual(
      new Set([t.demoGroupId, groupA, groupB, t.admin.groupId]),
    );
    const onlyB = (await call('GET', `/api/locations?group_id=${groupB}`, t.admin)).json();
    expect(onlyB.items.map((l: { name: string }) => l.name)).toEqual(['For B']);
    const elsewhere = await call('POST', `/api/locations?group_id=${groupB}`, operatorA, {
      name: 'x',
      shape: POINT,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('gives the map defaults and the group locations, and saves the view', async () => {
    const first = (await call('GET', '/api/user_map_data', viewerA)).json();
    expect(first).toMatchObject({ center: [113.3, 23.1], zoom: 6, layers: ['strokes'], saved: false });
    const names = first.locations.map((l: { name: string }) => l.name);
    expect(names).toEqual(expect.arrayContaining(['Pier 3', 'Quarry north', 'Quarry south']));
    expect(names).not.toContain('Temporary');
    expect(first.locations.every((l: { group_id: number }) => l.group_id === groupA)).toBe(true);
    const saved = await call('PUT', '/api/user_map_data/', viewerA, {
      center: [114.1, 22.5],
      zoom: 9.5,
      layers: ['strokes', 'density'],
    });
    expect(saved.json()).toMatchObject({
      center: [114.1, 22.5],
      zoom: 9.5,
      layers: ['strokes', 'density'],
      saved: true,
    });
    expect((await call('GET', '/api/user_map_data', viewerA)).json()).toMatchObject({
      zoom: 9.5,
      saved: true,
    });
    expect((await call('GET', '/api/user_map_data', operatorA)).json()).toMatchObject({
      zoom: 6,
      saved: false,
    });
    const bad = await call('PUT', '/api/user_map_data', viewerA, { center: [200, 0], zoom: 3, layers: [] });
    expect(bad.json().error.details[0].field).toBe('center');
    const badZoom = await call('PUT', '/api/user_map_data', viewerA, {
      center: [1, 0],
      zoom: 30,
      layers: [],
    });
    expect(badZoom.json().error.details[0].field).toBe('zoom');
  });
});
