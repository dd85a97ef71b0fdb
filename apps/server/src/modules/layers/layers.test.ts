import { LAYER_CATALOGUE, modelLayerId } from '@thunderwatch/shared/map-layers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { MODEL_DEFINITIONS } from '../models/catalog/model-catalog.js';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [113, 23],
      [113.2, 23],
      [113.2, 23.2],
      [113, 23.2],
      [113, 23],
    ],
  ],
};
const GEOJSON = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Plant' }, geometry: SQUARE },
    { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [113.1, 23.1] } },
  ],
};

describe.each(DB_KINDS)('layers (%s)', (kind) => {
  let t: TestApp;
  let manager: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const groupId = await t.createGroup(`lay-${kind}`);
    manager = await t.createUser({ role: 'group_admin', groupId });
    viewer = await t.createUser({ role: 'viewer', groupId });
    stranger = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`lay2-${kind}`) });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const add = (payload: object, token = manager.access) =>
    t.call({ method: 'POST', url: '/api/layers/', token, payload });
  const catalogue = (token: string) => t.call({ method: 'GET', url: '/api/layers/', token });

  it('answers the catalogue with names in both languages, legends and a model layer per model', async () => {
    const res = await catalogue(viewer.access);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      id: string;
      name: { en: string; 'zh-Hans': string };
      legend: unknown[];
    }[];
    expect(items.map((i) => i.id)).toEqual(LAYER_CATALOGUE.map((l) => l.id));
    for (const item of items) {
      expect(item.name.en, item.id).not.toBe('');
      expect(item.name['zh-Hans'], item.id).not.toBe('');
      expect(item.legend.length, item.id).toBeGreaterThan(0);
    }
    for (const model of MODEL_DEFINITIONS) expect(items.map((i) => i.id)).toContain(modelLayerId(model.id));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('refuses invalid GeoJSON with 400 naming the problem', async () => {
    const open = { type: 'Polygon', coordinates: [SQUARE.coordinates[0]?.slice(0, 4)] };
    const bad = await add({ name: 'Broken', kind: 'geojson', geojson: { type: 'Feature', geometry: open } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.code).toBe('layer.invalid');
    expect(bad.json().error.details[0].field).toMatch(/^geojson\/geometry\/coordinates/);
    const lat = await add({
      name: 'Far north',
      kind: 'geojson',
      geojson: { type: 'Point', coordinates: [113, 123] },
    });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().error.message).toContain('latitude 123');
    const none = await add({ name: 'Empty', kind: 'geojson' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].field).toBe('geojson');
  });

  it('refuses bad tile URLs and never a viewer', async () => {
    for (const url of [
      'javascript:alert(1)',
      'https://t.example.org/{z}/{x}.png',
      'https://t.example.org/{a}/{z}/{x}/{y}',
    ]) {
      const res = await add({ name: 'Tiles', kind: 'xyz', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details[0].field).toBe('url');
    }
    const denied = await add({ name: 'Mine', kind: 'geojson', geojson: GEOJSON }, viewer.access);
    expect(denied.statusCode).toBe(403);
  });

  it('keeps a valid GeoJSON layer and a tile layer for their group only', async () => {
    const geo = await add({ name: ' Plant ', kind: 'geojson', geojson: GEOJSON, color: '#ff0000' });
    expect(geo.statusCode, geo.body).toBe(201);
    expect(geo.json()).toMatchObject({ name: 'Plant', kind: 'geojson', url: null, color: '#ff0000' });
    expect(geo.json().geojson).toEqual(GEOJSON);
    const tiles = await add({ name: 'OSM', kind: 'xyz', url: 'https://tile.example.org/{z}/{x}/{y}.png' });
    expect(tiles.statusCode, tiles.body).toBe(201);
    expect(tiles.json().layer_id).toBe(`custom_${tiles.json().id}`);

    const mine = (await catalogue(viewer.access)).json().custom.map((c: { id: number }) => c.id);
    expect(mine).toEqual([geo.json().id, tiles.json().id]);
    expect((await catalogue(stranger.access)).json().custom).toEqual([]);
    const other = await t.call({
      method: 'GET',
      url: `/api/layers/${geo.json().id}`,
      token: stranger.access,
    });
    expect(other.statusCode).toBe(404);
    const peek = await t.call({
      method: 'DELETE',
      url: `/api/layers/${geo.json().id}`,
      token: stranger.access,
    });
    expect(peek.statusCode).toBe(404);
    const adminView = await t.call({
      method: 'GET',
      url: `/api/layers/?group_id=${geo.json().group_id}`,
      token: admin.access,
    });
    expect(adminView.json().custom).toHaveLength(2);

    const renamed = await t.call({
      method: 'PUT',
      url: `/api/layers/${tiles.json().id}`,
      token: manager.access,
      payload: {
        name: 'WMS',
        kind: 'wms',
        url: 'https://wms.example.org/?bbox={bbox-epsg-3857}',
        opacity: 0.4,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'WMS', kind: 'wms', opacity: 0.4 });
    const gone = await t.call({
      method: 'DELETE',
      url: `/api/layers/${tiles.json().id}`,
      token: manager.access,
    });
    expect(gone.statusCode).toBe(200);
    expect((await catalogue(viewer.access)).json().custom).toHaveLength(1);
  });

  it('keeps the user’s layer choices in /api/user_map_data, validated, and old saves still read', async () => {
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: '/api/user_map_data', token: viewer.access, payload });
    const plain = await put({ center: [113, 23], zoom: 7, layers: ['strokes'] });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().layer_state).toBeUndefined();
    const state = [
      { id: 'radar', visible: true, opacity: 0.4 },
      { id: 'strokes', visible: false, opacity: 1 },
    ];
    const saved = await put({ center: [113, 23], zoom: 7, layers: ['radar'], layer_state: state });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.call({ method: 'GET', url: '/api/user_map_data', token: viewer.access });
    expect(read.json().layer_state).toEqual(state);
    // The switcher saves its choices alone: the view stays where it was saved.
    const choices = await put({ layer_state: [{ id: 'density', visible: true, opacity: 0.5 }] });
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json()).toMatchObject({ center: [113, 23], zoom: 7, layers: ['radar'], saved: true });
    expect(choices.json().layer_state).toEqual([{ id: 'density', visible: true, opacity: 0.5 }]);
    const fresh = await t.call({
      method: 'PUT',
      url: '/api/user_map_data',
      token: manager.access,
      payload: { layer_state: state },
    });
    expect(fresh.json()).toMatchObject({ saved: false, layer_state: state });
    expect((await put({ center: [113, 23] })).statusCode).toBe(400);
    for (const [bad, field] of [
      [[{ id: 'radar', visible: true, opacity: 1.5 }], 'opacity'],
      [[{ id: 'Radar!', visible: true, opacity: 1 }], 'id'],
      [[state[0], state[0]], 'layer_state/1/id'],
    ] as const) {
      const res = await put({ center: [113, 23], zoom: 7, layers: [], layer_state: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
  });
});
