import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

interface Region {
  code: string;
  level: string;
  parent: string | null;
  name_zh: string;
  name_en: string;
  bbox: number[];
  area_km2: number;
  geometry?: { type: string; coordinates: number[][][][] };
}

describe.each(DB_KINDS)('regions (%s)', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    viewer = await t.createUser({ role: 'viewer' });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.call({ method: 'GET', url, token: viewer.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists the 34 province-level divisions with GB/T 2260 codes and names in both languages', async () => {
    const { items } = (await get('/api/provinces/')) as { items: Region[] };
    expect(items).toHaveLength(34);
    expect(items.find((p) => p.code === '440000')).toMatchObject({
      level: 'province',
      parent: null,
      name_zh: '广东',
      name_en: 'Guangdong',
    });
    expect(items.find((p) => p.code === '810000')).toMatchObject({ name_zh: '香港', name_en: 'Hong Kong' });
    expect(items.every((p) => p.geometry === undefined)).toBe(true);
    // Guangdong is about 179,800 km².
    const gd = items.find((p) => p.code === '440000') as Region;
    expect(gd.area_km2).toBeGreaterThan(165_000);
    expect(gd.area_km2).toBeLessThan(195_000);
  });

  it("lists a province's cities, with simplified boundaries on request", async () => {
    const { items } = (await get('/api/cities/?province=440000&geometry=1')) as { items: Region[] };
    expect(items).toHaveLength(21);
    const sz = items.find((c) => c.code === '440300') as Region;
    expect(sz).toMatchObject({ level: 'city', parent: '440000', name_zh: '深圳', name_en: 'Shenzhen' });
    expect(sz.geometry?.type).toBe('MultiPolygon');
    const points = sz.geometry?.coordinates.flat(2).length ?? 0;
    expect(points).toBeGreaterThan(20);
    expect(points).toBeLessThan(400);
    const [w, s, e, n] = sz.bbox as [number, number, number, number];
    expect(w).toBeLessThan(114.06);
    expect(e).toBeGreaterThan(114.06);
    expect(s).toBeLessThan(22.55);
    expect(n).toBeGreaterThan(22.55);
    expect(((await get('/api/cities/?province=44')) as { items: Region[] }).items).toHaveLength(21);
    expect(((await get('/api/cities/')) as { items: Region[] }).items.length).toBe(339);
  });

  it('sends every boundary exactly as stored, and a boundary rewritten by a new load of the file', async () => {
    const res = await t.call({ method: 'GET', url: '/api/cities/?geometry=1', token: viewer.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { items } = res.json() as { items: Region[] };
    const stored = await t.db.query<{ code: string; geometry: number[][][][]; name_en: string }>(
      "SELECT code, geometry_simplified AS geometry, name_en FROM regions WHERE level = 'city' ORDER BY code",
    );
    expect(items.map((c) => c.code)).toEqual(stored.rows.map((r) => r.code));
    for (const [i, row] of stored.rows.entries()) {
      expect(items[i]?.geometry, row.code).toEqual({ type: 'MultiPolygon', coordinates: row.geometry });
      expect(items[i]?.name_en).toBe(row.name_en);
    }
    const provinces = (await get('/api/provinces/?geometry=1')) as { items: Region[] };
    expect(provinces.items.find((p) => p.code === '440000')?.geometry?.coordinates.length).toBeGreaterThan(0);

    // Another node loads a newer file: the boundary read once before is not sent again.
    const shenzhen = [
      [
        [
          [113.8, 22.5],
          [114.5, 22.5],
          [114.5, 22.8],
          [113.8, 22.5],
        ],
      ],
    ];
    const before = await t.db.query<{ geometry: string; hash: string }>(
      "SELECT geometry_simplified::text AS geometry, source_hash AS hash FROM regions WHERE code = '440300'",
    );
    await t.db.query(
      `UPDATE regions SET geometry_simplified = $1::jsonb, source_hash = 'newer'
        WHERE code = '440300' AND level = 'city'`,
      [JSON.stringify(shenzhen)],
    );
    const again = (await get('/api/cities/?province=44&geometry=1')) as { items: Region[] };
    expect(again.items.find((c) => c.code === '440300')?.geometry?.coordinates).toEqual(shenzhen);
    expect(again.items.find((c) => c.code === '440100')?.geometry).toEqual(
      items.find((c) => c.code === '440100')?.geometry,
    );
    await t.db.query(
      "UPDATE regions SET geometry_simplified = $1::jsonb, source_hash = $2 WHERE code = '440300'",
      [before.rows[0]?.geometry, before.rows[0]?.hash],
    );
  });

  it('finds the city of a point, on either side of a border', async () => {
    const at = (lat: number, lon: number) => get(`/api/regions/lookup?lat=${lat}&lon=${lon}`);
    // Shenzhen and Hong Kong meet on the Shenzhen River (about 22.50 N at 114.06 E in this data).
    expect(await at(22.53, 114.06)).toMatchObject({
      city: { code: '440300', name_en: 'Shenzhen' },
      province: { code: '440000' },
    });
    expect(await at(22.47, 114.06)).toMatchObject({ city: { code: '810000' }, province: { code: '810000' } });
    // Guangzhou's western border with Foshan, and its eastern one with Dongguan, along 23° N.
    expect((await at(23.0, 113.24)).city.code).toBe('440600');
    expect((await at(23.0, 113.27)).city.code).toBe('440100');
    expect((await at(23.0, 113.51)).city.code).toBe('440100');
    expect((await at(23.0, 113.54)).city.code).toBe('441900');
    expect(await at(39.9, 116.4)).toMatchObject({ city: { code: '110000' }, province: { code: '110000' } });
    // The South China Sea south of Hainan's coast, and Tokyo.
    expect(await at(20.0, 113.5)).toEqual({ city: null, province: null });
    expect(await at(35.7, 139.7)).toEqual({ city: null, province: null });
  });

  it('refuses bad queries with a 400 and strangers with a 401', async () => {
    for (const url of [
      '/api/cities/?province=4',
      '/api/cities/?province=4400001',
      '/api/provinces/?geometry=yes',
      '/api/regions/lookup?lat=91&lon=0',
      '/api/regions/lookup?lat=20',
    ]) {
      const res = await t.call({ method: 'GET', url, token: viewer.access });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: '/api/provinces/' })).statusCode).toBe(401);
  });

  it('loads the regions once: a second load leaves the rows alone', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM regions');
    expect(before.rows[0]?.n).toBe(373);
    await t.db.query("UPDATE regions SET name_en = 'marker' WHERE code = '440100' AND level = 'city'");
    const { RegionsService } = await import('./regions-service.js');
    const { RegionsRepo } = await import('./regions-repo.js');
    const again = new RegionsService({ repo: new RegionsRepo(t.db), log: t.app.log });
    await again.ensureLoaded();
    const after = await t.db.query<{ name_en: string }>(
      "SELECT name_en FROM regions WHERE code = '440100' AND level = 'city'",
    );
    expect(after.rows[0]?.name_en).toBe('marker');
  });
});
