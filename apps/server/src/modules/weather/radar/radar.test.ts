import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAMPS } from '@thunderwatch/domain/weather/radar-ramps';
import { decode, encode } from 'fast-png';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { buildOdim } from './fixtures/odim-builder.js';

// A 64 × 48 crop of the DWD RADOLAN RV composite of 2025-09-23 08:55 UTC (scripts/build-odim-fixture.mjs;
// source: jdemaeyer/brightsky tests/data/composite_rv_20250923_0855.tar, b43ec159). Its cell (row 21,
// column 18) is brightsky's oracle cell (851, 258) of the full grid: code 136, 0.135 mm in 5 minutes.
const DWD_CROP = new URL('./fixtures/dwd-rv-crop.h5', import.meta.url);
const DWD_PROJDEF =
  '+proj=stere +lat_ts=60 +lat_0=90 +lon_0=10 +x_0=543196.83521776402 +y_0=3622588.8619310022 +units=m +a=6378137 +b=6356752.3142451802 +no_defs';
/** lon/lat of the centre of a crop cell (the crop's upper-left corner is at x 239500, y −829500). */
const cropCell = (row: number, col: number) =>
  proj4('WGS84', DWD_PROJDEF).inverse([239_500 + (col + 0.5) * 1000, -829_500 - (row + 0.5) * 1000]) as [
    number,
    number,
  ];

// The palette of IEM's N0R example composite (akrherz/iem htdocs/docs/nexrad_mosaic/example_raster.png).
const N0R_PALETTE = [...RAMPS.n0r.colours, ...Array(10).fill(0)].map((c) => [
  (c >> 16) & 255,
  (c >> 8) & 255,
  c & 255,
]);
/** A 4 × 2 N0R PNG over 100°–104° E, 20°–22° N: 50 dBZ (index 16) in its upper-left pixel. */
const n0rPng = (indices = [16, 7, 0, 0, 12, 0, 0, 21], palette = N0R_PALETTE) =>
  Buffer.from(encode({ width: 4, height: 2, data: new Uint8Array(indices), depth: 8, channels: 1, palette }));
const PNG_QUERY = 'west=100&south=20&east=104&north=22&time=2025-09-23T08:50:00Z&ramp=n0r';

const NOW = new Date('2025-09-23T09:00:00Z');

describe.each(DB_KINDS)('radar (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'radar-test-'));
    t = await startTestApp(kind, { now: () => NOW, env: { RADAR_DIR: dir } });
    key = await t.createFeed('dwd');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ingest = (payload: Buffer, query = '', type = 'application/x-hdf5', feedKey = key) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/radar${query ? `?${query}` : ''}`,
      headers: { 'x-feed-key': feedKey, 'content-type': type },
      payload,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'GET', url, token: t.admin.access, headers });

  it('stores a DWD composite once; the same file again changes nothing', async () => {
    const file = await readFile(DWD_CROP);
    const first = await ingest(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      product: 'rv_top_view',
      time: '2025-09-23T08:55:00.000Z',
      status: 'stored',
      quantity: 'ACRR',
      units: 'mm',
      cols: 64,
      rows: 48,
      source_grid: { cols: 64, rows: 48, block: 1 },
    });
    expect((await ingest(file)).json().status).toBe('unchanged');
    const times = await get('/api/radar_times?from=2025-09-23T08:00:00Z&to=2025-09-23T09:00:00Z');
    expect(times.json()).toEqual({ items: [{ time: '2025-09-23T08:55:00.000Z', product: 'rv_top_view' }] });
  });

  it('describes the frame: grid, georeference, a rain legend in mm, and values at points', async () => {
    const res = await get('/api/radar?product=rv_top_view');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f).toMatchObject({
      quantity: 'ACRR',
      units: 'mm',
      period_min: 5,
      lead_min: 0,
      simulated: false,
      source: 'dwd',
      grid: { cols: 64, rows: 48, projdef: DWD_PROJDEF, dx: 1000, dy: 1000 },
      source_grid: { cols: 64, rows: 48, block: 1, dx: 1000, dy: 1000 },
      legend: { kind: 'accumulation', units: 'mm' },
      image: { url: '/api/radar_img?product=rv_top_view&time=2025-09-23T08%3A55%3A00.000Z' },
    });
    expect(f.grid.x0).toBeCloseTo(239_500, 3);
    expect(f.legend.steps[0].from).toBe(0.00833);
    const [lon, lat] = cropCell(21, 18);
    const at = (q: string) => get(`/api/radar?product=rv_top_view&time=2025-09-23T08:55:00Z&values=1&${q}`);
    expect((await at(`lat=${lat}&lon=${lon}`)).json().value).toEqual({
      lat,
      lon,
      state: 'value',
      value: 0.135,
    });
    const [nlon, nlat] = cropCell(25, 18); // no data in the oracle window's last row
    expect((await at(`lat=${nlat}&lon=${nlon}`)).json().value.state).toBe('nodata');
    expect((await at('lat=30&lon=100')).json().value).toEqual({
      lat: 30,
      lon: 100,
      state: 'outside',
      value: null,
    });
    expect((await at('lat=48')).statusCode).toBe(400);
  });

  it('serves the Web Mercator PNG with an ETag, and 304 for a copy that is current', async () => {
    const meta = (await get('/api/radar?product=rv_top_view')).json();
    const res = await get(meta.image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = decode(res.rawPayload);
    expect([png.width, png.height]).toEqual([meta.image.width, meta.image.height]);
    // Palette: transparent, then one colour per legend band.
    expect(png.palette?.length).toBe(meta.legend.steps.length + 1);
    expect(new Set(png.data).size).toBeGreaterThan(2);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(meta.image.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('reads a N0R PNG composite through its ramp, with bounds, time and ramp from the query', async () => {
    const res = await ingest(n0rPng(), `${PNG_QUERY}&product=nexrad_n0r`, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      product: 'nexrad_n0r',
      status: 'stored',
      quantity: 'DBZH',
      units: 'dBZ',
      cols: 4,
    });
    const at = async (lat: number, lon: number) =>
      (await get(`/api/radar?product=nexrad_n0r&values=1&lat=${lat}&lon=${lon}`)).json().value;
    expect(await at(21.5, 100.5)).toMatchObject({ state: 'value', value: 50 });
    expect(await at(21.5, 101.5)).toMatchObject({ state: 'value', value: 5 });
    expect(await at(21.5, 102.5)).toMatchObject({ state: 'undetect', value: null });
    expect(await at(20.5, 103.5)).toMatchObject({ state: 'value', value: 75 });
    const meta = (await get('/api/radar?product=nexrad_n0r')).json();
    expect(meta.legend.units).toBe('dBZ');
    expect(meta.bounds).toEqual({ west: 100, south: 20, east: 104, north: 22 });
  });

  it('replaces a frame posted again with other content, and removes the old files', async () => {
    const before = await readdir(path.join(dir, 'nexrad_n0r', '2025-09-23'));
    const res = await ingest(
      n0rPng([7, 7, 7, 7, 7, 7, 7, 7]),
      `${PNG_QUERY}&product=nexrad_n0r`,
      'image/png',
    );
    expect(res.json().status).toBe('replaced');
    const after = await readdir(path.join(dir, 'nexrad_n0r', '2025-09-23'));
    expect(after).toHaveLength(2);
    expect(after.some((f) => before.includes(f))).toBe(false);
  });

  it.each<[string, () => Promise<Buffer>, string, RegExp]>([
    ['a text file', async () => Buffer.from('hello'), 'radar.invalid_file', /neither HDF5/],
    [
      'a truncated HDF5 file',
      async () => (await buildOdim()).subarray(0, 400),
      'radar.invalid_file',
      /cannot be read/,
    ],
    [
      'HDF5 that is not ODIM',
      async () => buildOdim({ conventions: 'CF-1.7' }),
      'radar.invalid_file',
      /not ODIM_H5/,
    ],
    [
      'a polar volume',
      async () => buildOdim({ object: 'PVOL' }),
      'radar.invalid_file',
      /only Cartesian composites/,
    ],
    [
      'no where/projdef',
      async () => buildOdim({ projdef: null }),
      'radar.invalid_file',
      /where\/projdef is missing/,
    ],
    [
      'a projdef proj4 cannot use',
      async () => buildOdim({ projdef: '+proj=nonsense' }),
      'radar.invalid_file',
      /not a projection/,
    ],
    [
      'data of another size than where says',
      async () => buildOdim({ dataShape: [20, 30] }),
      'radar.invalid_file',
      /grid size mismatch: dataset1\/data1\/data is 30 × 20 cells, where\/xsize × ysize say 40 × 20/,
    ],
    [
      'corners that disagree with the grid',
      async () => buildOdim({ corners: { UL: [10, 51], UR: [13, 51], LL: [10, 50], LR: [13, 50] } }),
      'radar.invalid_file',
      /corners in where do not match/,
    ],
    [
      'a grid too large',
      async () => buildOdim({ cols: 16_385, rows: 1, dataShape: [1, 1] }),
      'radar.invalid_file',
      /grid of 16385 × 1 cells is larger than 16384 cells a side/,
    ],
    [
      'a grid of too many cells',
      async () => buildOdim({ cols: 10_000, rows: 9_000, dataShape: [1, 1] }),
      'radar.invalid_file',
      /grid of 10000 × 9000 cells has 90000000 cells, more than 80000000/,
    ],
    [
      'a quantity radar does not read',
      async () => buildOdim({ quantity: 'VRADH' }),
      'radar.unsupported_quantity',
      /VRADH are not read/,
    ],
    [
      'an impossible date',
      async () => buildOdim({ date: '20250931' }),
      'radar.invalid_file',
      /not a real time/,
    ],
    [
      'a frame older than retention',
      async () => buildOdim({ date: '20200101' }),
      'radar.out_of_window',
      /outside the window/,
    ],
  ])('refuses %s with a 400 that says what is wrong', async (_name, make, code, message) => {
    const res = await ingest(await make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message);
  });

  it.each<[string, string, Buffer, RegExp]>([
    [
      'a PNG without bounds',
      'time=2025-09-23T08:50:00Z&ramp=n0r',
      n0rPng(),
      /needs west, south, east, north/,
    ],
    [
      'inverted bounds',
      'west=104&south=20&east=100&north=22&time=2025-09-23T08:50:00Z&ramp=n0r',
      n0rPng(),
      /west must be below east/,
    ],
    [
      'colours on no ramp',
      PNG_QUERY,
      n0rPng(
        [1, 1, 1, 1, 1, 1, 1, 1],
        [
          [0, 0, 0],
          [128, 128, 128],
        ],
      ),
      /8 of 8 opaque pixels .* not on the N0R ramp/,
    ],
    [
      'a greyscale PNG',
      PNG_QUERY,
      Buffer.from(encode({ width: 2, height: 1, data: new Uint8Array([1, 2]), depth: 8, channels: 1 })),
      /greyscale/,
    ],
  ])('refuses %s', async (_name, query, body, message) => {
    const res = await ingest(body, query, 'image/png');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('needs a feed key to ingest and a signed-in user to read', async () => {
    expect((await ingest(await buildOdim(), '', 'application/x-hdf5', 'twf_wrong')).statusCode).toBe(401);
    for (const url of [
      '/api/radar_times',
      '/api/radar?product=rv_top_view',
      '/api/radar_img?product=rv_top_view',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers 404 for a frame that is not there, 400 for a bad product name or too long a span', async () => {
    expect((await get('/api/radar?product=rv_top_view&time=2025-09-23T08:00:00Z')).json().error.code).toBe(
      'radar.frame_not_found',
    );
    expect((await get('/api/radar_img?product=nothing_here')).statusCode).toBe(404);
    expect((await get('/api/radar?product=../etc')).statusCode).toBe(400);
    expect((await get('/api/radar_times?from=2025-09-01T00:00:00Z&to=2025-09-23T00:00:00Z')).statusCode).toBe(
      400,
    );
  });

  it('deletes frames past retention with their files', async () => {
    const gone = await t.app.services.radarIngest.purgeBefore(new Date('2025-09-23T08:52:00Z'));
    expect(gone).toBe(1);
    expect(await readdir(path.join(dir, 'nexrad_n0r', '2025-09-23'))).toHaveLength(0);
    expect(
      (await get('/api/radar_times?from=2025-09-23T08:00:00Z&to=2025-09-23T09:00:00Z')).json().items,
    ).toEqual([{ time: '2025-09-23T08:55:00.000Z', product: 'rv_top_view' }]);
  });
});
