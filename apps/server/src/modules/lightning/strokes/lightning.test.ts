import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { StrokePartitions } from './partitions.js';
import { StrokesRepo } from './strokes-repo.js';

const H = '2026-07-12T06';
// A fixed scene: three strokes of one flash near Guangzhou, one IC far east, one positive CG north.
const SCENE = [
  { time: `${H}:00:00.100Z`, lat: 23.13, lon: 113.26, peak_ka: -25.5, type: 'CG' },
  { time: `${H}:00:00.250Z`, lat: 23.14, lon: 113.27, peak_ka: -12.0, type: 'CG' },
  { time: `${H}:00:00.600Z`, lat: 23.135, lon: 113.265, peak_ka: -8.4, type: 'CG' },
  { time: `${H}:10:00.000Z`, lat: 23.3, lon: 117.9, peak_ka: 6.2, type: 'IC' },
  { time: `${H}:40:00.000Z`, lat: 26.02, lon: 113.01, peak_ka: 48.0, type: 'CG' },
];

describe.each(DB_KINDS)('lightning queries (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(`${H}:59:00Z`) });
    const key = await t.createFeed('net-a');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: SCENE,
    });
    expect(res.json()).toMatchObject({ accepted: 5, rejected: [] });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });
  const win = `from=${H}:00:00Z&to=${H}:59:00Z`;

  it('lists strokes of a window in time order with the full stroke shape', async () => {
    const page = (await get(`/api/lightning?${win}`)).json();
    expect(page.next).toBeNull();
    expect(page.items).toHaveLength(5);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      time: `${H}:00:00.100Z`,
      ns: 100_000_000,
      lat: 23.13,
      lon: 113.26,
      peak_ka: -25.5,
      type: 'CG',
      sensors: null,
      multiplicity: null,
      flash_id: expect.any(Number),
      source: 'net-a',
    });
    expect(new Set(page.items.slice(0, 3).map((s: { flash_id: number }) => s.flash_id)).size).toBe(1);
  });

  it('defaults to the last hour', async () => {
    expect((await get('/api/lightning')).json().items).toHaveLength(5);
  });

  it.each([
    ['bbox', 'bbox=113,23,114,24', 3],
    ['radius', 'lat=23.13&lon=113.26&radius_km=5', 3],
    ['radius excludes 300 km away', 'lat=23.13&lon=113.26&radius_km=200', 3],
    ['type ic', 'type=ic', 1],
    ['type CG', 'type=CG', 4],
    ['min_ka on |peak|', 'min_ka=20', 2],
    ['max_ka on |peak|', 'max_ka=10', 2],
    ['range', 'min_ka=10&max_ka=30', 2],
  ])('filters by %s', async (_name, query, count) => {
    expect((await get(`/api/lightning?${win}&${query}`)).json().items).toHaveLength(count);
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const seen: number[] = [];
    let url = `/api/lightning?${win}&limit=2`;
    for (;;) {
      const page = (await get(url)).json();
      seen.push(...page.items.map((s: { id: number }) => s.id));
      if (!page.next) break;
      url = `/api/lightning?${win}&limit=2&cursor=${page.next}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('reads a page in chunks with the same strokes, in the same order, as in one statement', async () => {
    const filter = { from: new Date(`${H}:00:00Z`), to: new Date(`${H}:59:00Z`) };
    const whole = await new StrokesRepo(t.db, new StrokePartitions()).list(filter, 5);
    expect(whole).toHaveLength(5);
    const chunked = new StrokesRepo(t.db, new StrokePartitions(), 2);
    expect(await chunked.list(filter, 5)).toEqual(whole);
    expect(await chunked.list(filter, 4)).toEqual(whole.slice(0, 4));
    expect(await chunked.list(filter, 100)).toEqual(whole);
    const id = whole[0]?.id as number;
    expect(await chunked.list(filter, 3, { time: `${H}:00:00.100000Z`, id })).toEqual(whole.slice(1, 4));
  });

  it('serves compact and GeoJSON forms', async () => {
    const compact = (await get(`/api/lightning?${win}&format=compact&type=ic`)).json();
    expect(compact.items).toEqual([
      [expect.any(Number), Date.parse(`${H}:10:00Z`), 23.3, 117.9, 6.2, 1, expect.any(Number), 0],
    ]);
    const geo = (await get(`/api/lightning?${win}&format=geojson&type=ic`)).json();
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features[0].geometry).toEqual({ type: 'Point', coordinates: [117.9, 23.3] });
  });

  it.each([
    ['bbox=1,2,3', 'bbox'],
    ['bbox=113,24,114,23', 'bbox'],
    [`from=${H}:30:00Z&to=${H}:00:00Z`, 'from'],
    ['from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', 'from'],
    ['lat=23&lon=113', 'radius_km'],
    // PostgreSQL's radians() refused the underflow with 500 (found by the HTTP fuzz bench).
    ['lat=-5e-324&lon=113&radius_km=10', 'lat'],
    ['lat=23&lon=1e-200&radius_km=10', 'lon'],
    ['limit=100001', 'limit'],
    ['cursor=bm9wZQ', 'cursor'],
    ['format=xml', 'format'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await get(`/api/lightning?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses a coordinate finer than 1e-9° in the phone query, naming it', async () => {
    const res = await get('/api/mobile/lightnings?lat=8.4e-323&lon=179.676&radius_km=22.4&minutes=588');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'lat', message: 'must be 0 or at least 1e-9° in magnitude, got 8.4e-323' },
    ]);
  });

  it('answers the phone query with compact strokes near a point', async () => {
    const res = (await get('/api/mobile/lightnings?lat=23.13&lon=113.26&radius_km=20&minutes=60')).json();
    expect(res.items).toHaveLength(3);
  });

  it('counts strokes per hour and grid cell with south-west corners', async () => {
    const res = (await get(`/api/hourly_lightning_density?${win}&resolution=0.1`)).json();
    expect(res.resolution).toBe(0.1);
    expect(res.cells).toEqual(
      expect.arrayContaining([
        { hour: `${H}:00:00.000Z`, lat: 23.1, lon: 113.2, count: 3 },
        { hour: `${H}:00:00.000Z`, lat: 23.3, lon: 117.9, count: 1 },
        { hour: `${H}:00:00.000Z`, lat: 26, lon: 113, count: 1 },
      ]),
    );
    expect((await get(`/api/hourly_lightning_density?${win}&resolution=2`)).statusCode).toBe(400);
  });

  it('bins peak currents by polarity and type', async () => {
    const res = (await get(`/api/intensities/?${win}&bin_ka=10&top_ka=40`)).json();
    expect(res.total).toBe(5);
    expect(res.bins).toEqual([
      { from_ka: 0, to_ka: 10, cg_negative: 1, cg_positive: 0, ic: 1 },
      { from_ka: 10, to_ka: 20, cg_negative: 1, cg_positive: 0, ic: 0 },
      { from_ka: 20, to_ka: 30, cg_negative: 1, cg_positive: 0, ic: 0 },
      { from_ka: 40, to_ka: null, cg_negative: 0, cg_positive: 1, ic: 0 },
    ]);
  });

  it('lists flashes and shows one with its strokes in time order', async () => {
    const list = (await get(`/api/lightning_process/?${win}`)).json();
    expect(list.total).toBe(3);
    const first = list.items[0];
    expect(first).toMatchObject({ stroke_count: 3, type: 'CG', peak_ka: -25.5, lat: 23.13, lon: 113.26 });
    const one = (await get(`/api/lightning_process/?id=${first.id}`)).json();
    expect(one.strokes.map((s: { peak_ka: number }) => s.peak_ka)).toEqual([-25.5, -12, -8.4]);
    expect(one.end_time).toBe(`${H}:00:00.600Z`);
    expect((await get('/api/lightning_process/?id=999999999')).statusCode).toBe(404);
  });
});
