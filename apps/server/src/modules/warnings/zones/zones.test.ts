import { geodesicAreaKm2 } from '@thunderwatch/domain/geo/geodesic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { LocationChange } from '../locations/location-changes.js';

type Ring = [number, number][];
const square = (lon: number, lat: number, size: number): Ring => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];
const polygon = (ring: Ring = square(113, 23, 0.1)) => ({ type: 'Polygon', coordinates: [ring] });
const feature = (geometry: unknown, name?: string, extra: object = {}) => ({
  type: 'Feature',
  properties: { ...(name ? { name } : {}), ...extra },
  geometry,
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

describe.each(DB_KINDS)('zones (%s)', (kind) => {
  let t: TestApp;
  let groupA: number;
  let operatorA: TestUser;
  let viewerA: TestUser;
  let operatorB: TestUser;
  const changes: LocationChange[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind);
    groupA = await t.createGroup('zone-a');
    const groupB = await t.createGroup('zone-b');
    operatorA = await t.createUser({ role: 'operator', groupId: groupA });
    viewerA = await t.createUser({ role: 'viewer', groupId: groupA });
    operatorB = await t.createUser({ role: 'operator', groupId: groupB });
    t.app.services.locationChanges.subscribe((c) => changes.push(c));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.call({ method, url, token: user.access, ...(payload ? { payload } : {}) });
  const createZone = async (name: string, geometry = polygon(), user = operatorA) => {
    const res = await call('POST', '/api/zones/', user, { name, geometry });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const zoneCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*) AS n FROM zones WHERE group_id = $1', [groupA])).rows[0]
      ?.n;

  it('creates a zone with its geodesic area and reads it back', async () => {
    const zone = await createZone('Terminal');
    expect(zone).toMatchObject({ group_id: groupA, name: 'Terminal', geometry: polygon() });
    expect(zone.area_km2).toBeCloseTo(geodesicAreaKm2(polygon().coordinates), 6);
    expect(zone.area_km2).toBeGreaterThan(110);
    expect(zone.area_km2).toBeLessThan(120);
    expect((await call('GET', `/api/zones/${zone.id}/`, viewerA)).json()).toEqual(zone);
    const list = (await call('GET', '/api/zones?q=term', viewerA)).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: zone.id }] });
  });

  it('refuses a bad polygon naming the ring and problem', async () => {
    const open = square(113, 23, 0.1).slice(0, 4);
    const res = await call('POST', '/api/zones', operatorA, { name: 'Open', geometry: polygon(open) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'zone.invalid',
      details: [
        {
          field: 'geometry/coordinates/0',
          message: 'ring 0 is not closed: its last position must repeat the first',
        },
      ],
    });
    const point = await call('POST', '/api/zones', operatorA, {
      name: 'Dot',
      geometry: { type: 'Point', coordinates: [1, 2] },
    });
    expect(point.statusCode).toBe(400);
    expect(point.json().error.details[0].field).toBe('geometry/type');
  });

  it('moves the locations made from a zone along with a new polygon', async () => {
    const zone = await createZone('Apron');
    const loc = (
      await call('POST', '/api/locations', operatorA, { name: 'Apron site', zone_id: zone.id })
    ).json();
    const moved = polygon(square(113.5, 23.5, 0.05));
    const res = await call('PUT', `/api/zones/${zone.id}`, operatorA, {
      name: 'Apron east',
      geometry: moved,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Apron east', geometry: moved });
    expect(res.json().area_km2).toBeLessThan(zone.area_km2 / 3);
    expect((await call('GET', `/api/locations/${loc.id}`, operatorA)).json()).toMatchObject({
      shape: moved,
      zone_id: zone.id,
    });
    expect(changes.at(-1)).toMatchObject({ type: 'upsert', location: { id: loc.id, shape: moved } });
  });

  it('refuses to delete a zone a location uses (409), and deletes it once the location is gone', async () => {
    const zone = await createZone('Dock');
    const loc = (
      await call('POST', '/api/locations', operatorA, { name: 'Dock site', zone_id: zone.id })
    ).json();
    const refused = await call('DELETE', `/api/zones/${zone.id}`, operatorA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('zone.in_use');
    expect(refused.json().error.message).toContain('Dock site');
    await call('DELETE', `/api/locations/${loc.id}`, operatorA);
    expect((await call('DELETE', `/api/zones/${zone.id}`, operatorA)).json()).toEqual({ status: 'ok' });
    expect((await call('GET', `/api/zones/${zone.id}`, operatorA)).statusCode).toBe(404);
  });

  it('imports a FeatureCollection, splitting MultiPolygons, also as application/geo+json', async () => {
    const doc = collection(
      feature(polygon(square(112, 22, 0.1)), 'Field A'),
      feature(
        { type: 'MultiPolygon', coordinates: [[square(112.2, 22, 0.1)], [square(112.4, 22, 0.1)]] },
        'Pair',
      ),
    );
    const res = await t.call({
      method: 'POST',
      url: '/api/zones/import',
      token: operatorA.access,
      headers: { 'content-type': 'application/geo+json' },
      payload: JSON.stringify(doc),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.map((z: { name: string }) => z.name)).toEqual([
      'Field A',
      'Pair (1)',
      'Pair (2)',
    ]);
    const bare = await call('POST', '/api/zones/import/', operatorA, polygon(square(112.6, 22, 0.1)));
    expect(bare.json().created).toMatchObject([{ name: 'Zone 1' }]);
  });

  it('refuses a whole file for one bad feature, naming it, and creates nothing', async () => {
    const before = await zoneCount();
    const bad = collection(
      feature(polygon(), 'ok 0'),
      feature(polygon(), 'ok 1'),
      feature(polygon(), 'ok 2'),
      feature(polygon(square(113, 23, 0.1).slice(0, 4)), 'open'),
    );
    const res = await call('POST', '/api/zones/import', operatorA, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'zone.invalid',
      details: [
        { field: 'features/3', message: 'ring 0 is not closed: its last position must repeat the first' },
      ],
    });
    expect(await zoneCount()).toBe(before);
    const notGeo = await call('POST', '/api/zones/import', operatorA, { type: 'Topology' });
    expect(notGeo.json().error.code).toBe('zone.invalid');
    const broken = await t.call({
      method: 'POST',
      url: '/api/zones/import',
      token: operatorA.access,
      headers: { 'content-type': 'application/geo+json' },
      payload: '{"type": "Feature",',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('takes files up to 5 MB and refuses larger ones with 413', async () => {
    const padded = (bytes: number) => JSON.stringify(feature(polygon(), 'Big', { notes: 'x'.repeat(bytes) }));
    const two = await t.call({
      method: 'POST',
      url: '/api/zones/import',
      token: operatorA.access,
      headers: { 'content-type': 'application/json' },
      payload: padded(2 * 1024 * 1024),
    });
    expect(two.statusCode).toBe(201);
    const six = await t.call({
      method: 'POST',
      url: '/api/zones/import',
      token: operatorA.access,
      headers: { 'content-type': 'application/json' },
      payload: padded(6 * 1024 * 1024),
    });
    expect(six.statusCode).toBe(413);
  });

  it('exports the group zones as a GeoJSON file that imports again', async () => {
    const res = await call('GET', '/api/zones/export', viewerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(res.headers['content-disposition']).toBe('attachment; filename="zones.geojson"');
    const doc = res.json();
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features.length).toBe(await zoneCount());
    expect(doc.features[0]).toMatchObject({
      type: 'Feature',
      properties: { name: 'Terminal', id: expect.any(Number), group_id: groupA },
      geometry: polygon(),
    });
    const again = await call('POST', `/api/zones/import?group_id=${groupA}`, operatorA, doc);
    expect(again.json().created.length).toBe(doc.features.length);
    const other = (await call('GET', '/api/zones/export', operatorB)).json();
    expect(other.features).toEqual([]);
  });

  it('keeps groups apart and lets viewers only read', async () => {
    const zone = await createZone('Private');
    expect((await call('GET', `/api/zones/${zone.id}`, operatorB)).statusCode).toBe(404);
    const put = await call('PUT', `/api/zones/${zone.id}`, operatorB, { name: 'Mine', geometry: polygon() });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('zone.not_found');
    expect((await call('DELETE', `/api/zones/${zone.id}`, operatorB)).statusCode).toBe(404);
    expect((await call('GET', '/api/zones', operatorB)).json().total).toBe(0);
    expect((await call('GET', `/api/zones?group_id=${groupA}`, operatorB)).statusCode).toBe(404);
    expect((await call('GET', `/api/zones?group_id=${groupA}`, t.admin)).json().total).toBeGreaterThan(0);

    expect((await call('GET', `/api/zones/${zone.id}`, viewerA)).statusCode).toBe(200);
    expect((await call('POST', '/api/zones', viewerA, { name: 'x', geometry: polygon() })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/api/zones/${zone.id}`, viewerA, { name: 'x', geometry: polygon() })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/zones/${zone.id}`, viewerA)).statusCode).toBe(403);
    expect((await call('POST', '/api/zones/import', viewerA, polygon())).statusCode).toBe(403);
  });
});
