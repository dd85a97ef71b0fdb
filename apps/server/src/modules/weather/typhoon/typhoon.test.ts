import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';

// CMA best track CH2017BST.txt (CMA-STI Best Track Dataset via github.com/evaseemefly/TyphoonSearchSys
// @7574f28c, demo_data/): HATO's header (count cut to 3) and its first three records.
const CMA_HATO = [
  '66666 1713    3 0014 1713 0 6 HATO                               20180501',
  '2017081918 1 187 1296 1004      13',
  '2017082000 1 194 1286 1002      15',
  '2017082006 1 198 1276 1002      15',
].join('\r\n');

// ATCF b-deck bwp022023.dat (github.com/NRLMMD-GEOIPS/geoips @25da3a42, tests/sectors/tc_bdecks/): MAWAR at
// 2023052412 with its 34/50/64-kt radii; then made-up JTWC forecast lines (+12 h, +24 h) for the cone.
const mawar = (ymdh: string) => [
  `WP, 02, ${ymdh},   , BEST,   0, 138N, 1447E, 120,  940, TY,  34, NEQ,  125,  120,  115,  105, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, `,
  `WP, 02, ${ymdh},   , BEST,   0, 138N, 1447E, 120,  940, TY,  50, NEQ,   60,   70,   55,   55, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, `,
  `WP, 02, ${ymdh},   , BEST,   0, 138N, 1447E, 120,  940, TY,  64, NEQ,   35,   40,   35,   35, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, `,
];
const MAWAR_FORECAST = [
  'WP, 02, 2023052412, 03, JTWC,  12, 145N, 1435E, 125,  935, TY',
  'WP, 02, 2023052412, 03, JTWC,  24, 152N, 1420E, 130,  930, TY',
];

const NOW = new Date('2023-05-24T18:00:00Z');

describe.each(DB_KINDS)('typhoons (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    key = await t.createFeed('jtwc');
  });
  afterAll(() => t.close());

  const ingest = (body: string, query = '', feedKey = key) =>
    t.call({
      method: 'POST',
      url: `/api/ingest/typhoon${query}`,
      headers: { 'content-type': 'text/plain', 'x-feed-key': feedKey },
      payload: body,
    });
  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('refuses a request without a feed key, and a bad file naming its lines', async () => {
    expect((await ingest(CMA_HATO, '', 'nope')).statusCode).toBe(401);
    const bad = await ingest(`${CMA_HATO}\r\n2017082012 7 200 1267 1000 18\r\nWP, 02`);
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.error.code).toBe('typhoon.invalid_file');
    expect(body.error.details).toEqual([
      { field: 'line 1', message: 'header announces 3 records, 5 follow' },
      { field: 'line 5', message: 'grade 7 is not a CMA intensity code (0-6, 9)' },
      { field: 'line 6', message: '2 fields, 6 or 7 expected' },
    ]);
    expect((await get('/api/weather/typhoon/')).json().items).toEqual([]);
  });

  it('stores a CMA best track and lists it as ended with its peak', async () => {
    const r = await ingest(CMA_HATO, '?name_zh=%E5%A4%A9%E9%B8%BD');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      format: 'cma',
      storms: [{ id: 'cma2017-0014', created: true, points: 3, forecast_points: 0 }],
    });
    const list = await get('/api/weather/typhoon/?year=2017');
    expect(list.json().items).toEqual([
      {
        id: 'cma2017-0014',
        name_en: 'HATO',
        name_zh: '天鸽',
        basin: 'WP',
        year: 2017,
        number: '1713',
        status: 'ended',
        first_time: '2017-08-19T18:00:00.000Z',
        last_time: '2017-08-20T06:00:00.000Z',
        peak: { wind_ms: 15, pressure_hpa: 1002, grade: 'TD' },
        latest: { lat: 19.8, lon: 127.6, grade: 'TD' },
      },
    ]);
    expect((await get('/api/weather/typhoon/?year=2023')).json().items).toEqual([]);
  });

  it('merges an ATCF storm ingested again, keeps it active, and serves track, radii, forecast and cone', async () => {
    const first = await ingest(mawar('2023052412').join('\n'));
    expect(first.json().storms).toEqual([{ id: 'wp022023', created: true, points: 1, forecast_points: 0 }]);
    const again = await ingest(
      [...mawar('2023052412'), ...mawar('2023052418'), ...MAWAR_FORECAST].join('\n'),
    );
    expect(again.json().storms).toEqual([{ id: 'wp022023', created: false, points: 2, forecast_points: 2 }]);

    const active = (await get('/api/weather/typhoon/?active=1')).json().items;
    expect(active.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      ['wp022023', 'active'],
    ]);
    expect(
      (await get('/api/weather/typhoon/?active=0')).json().items.map((s: { id: string }) => s.id),
    ).toEqual(['cma2017-0014']);

    const d = (await get('/api/weather/typhoon/wp022023')).json();
    expect(d.track).toHaveLength(2);
    expect(d.track[0]).toEqual({
      time: '2023-05-24T12:00:00.000Z',
      lat: 13.8,
      lon: 144.7,
      pressure_hpa: 940,
      wind_ms: 61.7,
      grade: 'SuperTY',
      radii: [
        { kt: 34, ne_km: 232, se_km: 222, sw_km: 213, nw_km: 194 },
        { kt: 50, ne_km: 111, se_km: 130, sw_km: 102, nw_km: 102 },
        { kt: 64, ne_km: 65, se_km: 74, sw_km: 65, nw_km: 65 },
      ],
    });
    expect(d.forecast_base).toBe('2023-05-24T12:00:00.000Z');
    expect(d.forecast.map((p: { lead_h: number; time: string }) => [p.lead_h, p.time])).toEqual([
      [12, '2023-05-25T00:00:00.000Z'],
      [24, '2023-05-25T12:00:00.000Z'],
    ]);
    expect(d.cone.type).toBe('Polygon');
    expect(d.cone.coordinates[0][0]).toEqual([144.7, 13.8]);
  });

  it('answers 404 for an unknown storm and 400 for a malformed id or query', async () => {
    expect((await get('/api/weather/typhoon/wp992099')).json().error.code).toBe('typhoon.not_found');
    expect((await get('/api/weather/typhoon/WP..')).statusCode).toBe(400);
    expect((await get('/api/weather/typhoon/?active=maybe')).statusCode).toBe(400);
    expect((await get('/api/weather/typhoon/?year=12')).statusCode).toBe(400);
  });
});
