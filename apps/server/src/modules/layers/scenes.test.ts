import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

const VIEW = {
  name: 'Pearl River delta',
  center: [113.3, 22.8],
  zoom: 8,
  bearing: 15,
  layers: [
    { id: 'strokes', opacity: 1 },
    { id: 'radar', opacity: 0.5 },
  ],
  time: { mode: 'live' },
  filters: { stroke_types: ['CG'] },
};

describe.each(DB_KINDS)('scenes (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let manager: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const groupId = await t.createGroup(`scn-${kind}`);
    owner = await t.createUser({ role: 'viewer', groupId });
    colleague = await t.createUser({ role: 'operator', groupId });
    manager = await t.createUser({ role: 'group_admin', groupId });
    stranger = await t.createUser({ role: 'group_admin', groupId: await t.createGroup(`scn2-${kind}`) });
  });
  afterAll(() => t.close());

  const create = (payload: object, token = owner.access) =>
    t.call({ method: 'POST', url: '/api/scene', token, payload });
  const get = (id: number, token = owner.access) => t.call({ method: 'GET', url: `/api/scene/${id}`, token });
  const list = async (token: string) =>
    (await t.call({ method: 'GET', url: '/api/scene', token })).json().items.map((s: { id: number }) => s.id);

  it('round trip: create, get, update, list, delete; private until shared', async () => {
    const made = await create(VIEW);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({ ...VIEW, shared: false, rotation: null, editable: true });

    expect((await get(id)).json()).toMatchObject(VIEW);
    expect((await get(id, colleague.access)).statusCode).toBe(404);
    expect(await list(colleague.access)).not.toContain(id);

    const window = { mode: 'window', from: '2026-07-01T00:00:00Z', to: '2026-07-01T06:00:00Z' };
    const changed = await t.call({
      method: 'PUT',
      url: `/api/scene/${id}`,
      token: owner.access,
      payload: { ...VIEW, name: 'Delta, morning', shared: true, zoom: 9.5, time: window },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Delta, morning', shared: true, zoom: 9.5, time: window });

    expect(await list(colleague.access)).toContain(id);
    expect((await get(id, colleague.access)).json().editable).toBe(false);
    expect((await get(id, manager.access)).json().editable).toBe(true);
    expect((await get(id, stranger.access)).statusCode).toBe(404);
    const notTheirs = await t.call({ method: 'DELETE', url: `/api/scene/${id}`, token: colleague.access });
    expect(notTheirs.statusCode).toBe(403);

    const gone = await t.call({ method: 'DELETE', url: `/api/scene/${id}`, token: owner.access });
    expect(gone.statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
    expect(await list(owner.access)).not.toContain(id);
  });

  it('refuses bad views naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...VIEW, center: [200, 20] }, 'center'],
      [{ ...VIEW, zoom: 30 }, 'zoom'],
      [{ ...VIEW, layers: [{ id: 'no_such_layer', opacity: 1 }] }, 'layers/0/id'],
      [{ ...VIEW, layers: [{ id: 'strokes', opacity: 2 }] }, 'opacity'],
      [{ ...VIEW, layers: [VIEW.layers[0], VIEW.layers[0]] }, 'layers/1/id'],
      [
        { ...VIEW, time: { mode: 'window', from: '2026-07-02T00:00:00Z', to: '2026-07-01T00:00:00Z' } },
        'time/to',
      ],
      [
        { ...VIEW, time: { mode: 'window', from: '2026-07-01T00:00:00Z', to: '2026-07-30T00:00:00Z' } },
        'time/to',
      ],
      [{ ...VIEW, layers: [{ id: 'custom_999999', opacity: 1 }] }, 'layers/0/id'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
  });

  it('validates rotations: seconds in range, scenes that exist in the group, shared only of shared', async () => {
    const a = (await create({ ...VIEW, name: 'A', shared: true })).json().id as number;
    const b = (await create({ ...VIEW, name: 'B' })).json().id as number;
    const foreign = (await create({ ...VIEW, name: 'X', shared: true }, stranger.access)).json().id as number;

    const rotation = [
      { scene_id: a, seconds: 30 },
      { scene_id: b, seconds: 60 },
    ];
    const wall = await create({ ...VIEW, name: 'Wall', rotation });
    expect(wall.statusCode, wall.body).toBe(201);
    expect(wall.json().rotation).toEqual(rotation);

    const bad: [unknown, string][] = [
      [[{ scene_id: a, seconds: 5 }], 'seconds'],
      [[{ scene_id: a, seconds: 7200 }], 'seconds'],
      [[], 'rotation'],
      [[{ scene_id: foreign, seconds: 30 }], 'rotation/0/scene_id'],
      [[{ scene_id: 999999, seconds: 30 }], 'rotation/0/scene_id'],
      [Array.from({ length: 21 }, () => ({ scene_id: a, seconds: 30 })), 'rotation'],
    ];
    for (const [r, field] of bad) {
      const res = await create({ ...VIEW, rotation: r });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    const sharedOfPrivate = await create({ ...VIEW, shared: true, rotation: [{ scene_id: b, seconds: 30 }] });
    expect(sharedOfPrivate.statusCode).toBe(400);
    expect(sharedOfPrivate.json().error.message).toContain('private');

    const self = await t.call({
      method: 'PUT',
      url: `/api/scene/${wall.json().id}`,
      token: owner.access,
      payload: { ...VIEW, rotation: [{ scene_id: wall.json().id, seconds: 30 }] },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toContain('itself');
  });

  it('accepts a custom layer of the group in a scene', async () => {
    const layer = await t.call({
      method: 'POST',
      url: '/api/layers/',
      token: manager.access,
      payload: { name: 'Tiles', kind: 'xyz', url: 'https://t.example.org/{z}/{x}/{y}.png' },
    });
    expect(layer.statusCode, layer.body).toBe(201);
    const ok = await create({ ...VIEW, layers: [{ id: layer.json().layer_id, opacity: 0.3 }] });
    expect(ok.statusCode, ok.body).toBe(201);
    const elsewhere = await create(
      { ...VIEW, layers: [{ id: layer.json().layer_id, opacity: 0.3 }] },
      stranger.access,
    );
    expect(elsewhere.statusCode).toBe(400);
  });
});
