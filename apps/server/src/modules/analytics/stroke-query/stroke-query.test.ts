import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

const NOW = new Date('2026-07-03T00:00:00Z');
const stroke = (time: string, lat: number, lon: number, peak_ka: number, type: 'CG' | 'IC' = 'CG') => ({
  time,
  lat,
  lon,
  peak_ka,
  type,
});
// Guangzhou (440100) and Shenzhen (440300) in Guangdong, Nanning (450100) in Guangxi. Local days are
// Asia/Shanghai: 2026-06-30T17:00Z is already 1 July there.
const STROKES = [
  stroke('2026-06-30T10:00:00Z', 23.13, 113.26, -20),
  stroke('2026-06-30T10:00:01Z', 23.14, 113.27, 35),
  stroke('2026-06-30T17:00:00Z', 23.12, 113.25, -50, 'IC'),
  stroke('2026-06-30T17:00:01Z', 22.55, 114.06, -12),
  stroke('2026-07-01T08:00:00Z', 22.54, 114.05, -80),
  stroke('2026-07-01T09:00:00Z', 22.82, 108.37, -15),
];
const JUNE_JULY = { from: '2026-06-30T00:00:00Z', to: '2026-07-02T00:00:00Z' };
const SHENZHEN_SQUARE = [
  [113.9, 22.4],
  [114.2, 22.4],
  [114.2, 22.7],
  [113.9, 22.7],
  [113.9, 22.4],
];

describe.each(DB_KINDS)('statistics queries (%s)', (kind) => {
  let t: TestApp;
  let analyst: TestUser;
  let other: TestUser;
  let zoneId: number;
  let foreignZone: number;

  beforeAll(async () => {
    // Queries over 3 strokes in their window and box become jobs.
    t = await startTestApp(kind, {
      now: () => NOW,
      env: { QUERY_INLINE_MAX: '3', QUERY_JOB_POLL_MS: '200' },
    });
    const key = await t.createFeed('query-net');
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: STROKES,
    });
    expect(res.json()).toMatchObject({ accepted: STROKES.length });
    const groupId = await t.createGroup(`q-${kind}`);
    analyst = await t.createUser({ role: 'operator', groupId });
    other = await t.createUser({ role: 'operator', groupId: await t.createGroup(`q2-${kind}`) });
    const zone = async (user: TestUser) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/zones/',
          token: user.access,
          payload: { name: 'Shenzhen box', geometry: { type: 'Polygon', coordinates: [SHENZHEN_SQUARE] } },
        })
      ).json().id as number;
    zoneId = await zone(analyst);
    foreignZone = await zone(other);
  });
  afterAll(() => t.close());

  const run = (spec: object, user = analyst) =>
    t.call({
      method: 'POST',
      url: '/api/statistics_query/run',
      token: user.access,
      payload: { ...JUNE_JULY, ...spec },
    });

  /** Runs a query, waiting for its job when it became one. */
  const result = async (spec: object) => {
    const res = await run(spec);
    expect([200, 202], res.body).toContain(res.statusCode);
    let job = res.json();
    for (let i = 0; job.status !== 'done' && i < 100; i++) {
      expect(job.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 100));
      job = (
        await t.call({ method: 'GET', url: `/api/statistics_query/jobs/${job.id}`, token: analyst.access })
      ).json();
    }
    expect(job.status).toBe('done');
    return job;
  };

  it('counts a province’s strokes per city, exactly inside its border (a job: 5 strokes in its box)', async () => {
    const res = await run({ area: { kind: 'province', code: '440000' }, group_by: 'region' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', progress: 0 });
    const job = await result({ area: { kind: 'province', code: '440000' }, group_by: 'region' });
    expect(job.progress).toBe(1);
    expect(job.result.totals).toMatchObject({
      strokes: 5,
      cg: 4,
      ic: 1,
      positive: 1,
      negative: 4,
      max_abs_ka: 80,
    });
    expect(
      job.result.groups.map((g: { key: string; name_en: string; strokes: number }) => [g.key, g.strokes]),
    ).toEqual([
      ['440100', 3],
      ['440300', 2],
    ]);
    expect(job.result.groups[0].name_zh).toBe('广州');
    expect(job.result.area_km2).toBeGreaterThan(150_000);
  });

  it('groups a circle’s strokes by local day, at once when small', async () => {
    const res = await run({
      area: { kind: 'radius', lat: 23.13, lon: 113.26, radius_km: 20 },
      group_by: 'day',
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job.status).toBe('done');
    expect(job.result.groups.map((g: { key: string; strokes: number }) => [g.key, g.strokes])).toEqual([
      ['2026-06-30', 2],
      ['2026-07-01', 1],
    ]);
    const utc = (
      await run({
        area: { kind: 'radius', lat: 23.13, lon: 113.26, radius_km: 20 },
        group_by: 'day',
        time_zone: 'UTC',
      })
    ).json();
    expect(utc.result.groups.map((g: { key: string }) => g.key)).toEqual(['2026-06-30']);
  });

  it('filters a drawn polygon by type, polarity and current', async () => {
    const area = { kind: 'polygon', coordinates: SHENZHEN_SQUARE };
    expect((await result({ area, group_by: 'hour' })).result.totals.strokes).toBe(2);
    const strong = await result({ area, group_by: 'hour', type: 'CG', polarity: 'negative', min_ka: 50 });
    expect(strong.result.groups).toEqual([
      expect.objectContaining({ key: '2026-07-01 16:00', strokes: 1, max_abs_ka: 80 }),
    ]);
    expect((await result({ area, group_by: 'month', polarity: 'positive' })).result.totals.strokes).toBe(0);
  });

  it('reads my zone and a box; another group’s zone is absent', async () => {
    expect(
      (await result({ area: { kind: 'zone', id: zoneId }, group_by: 'month' })).result.totals.strokes,
    ).toBe(2);
    const box = await result({
      area: { kind: 'bbox', west: 100, south: 20, east: 120, north: 25 },
      group_by: 'month',
    });
    expect(box.result.groups).toEqual([
      expect.objectContaining({ key: '2026-06', strokes: 2 }),
      expect.objectContaining({ key: '2026-07', strokes: 4 }),
    ]);
    expect(box.result.density.cells.reduce((n: number, c: number[]) => n + (c[2] as number), 0)).toBe(6);
    expect((await run({ area: { kind: 'zone', id: foreignZone }, group_by: 'day' })).statusCode).toBe(404);
  });

  it.each([
    [{ from: '2026-07-02T00:00:00Z', to: '2026-07-01T00:00:00Z' }, 'to'],
    [{ from: '2025-01-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }, 'to'],
    [{ min_ka: 50, max_ka: 10 }, 'min_ka'],
    [{ time_zone: 'Moon/Base' }, 'time_zone'],
    [{ group_by: 'week' }, 'group_by'],
    [{ area: { kind: 'radius', lat: 23, lon: 113, radius_km: 5000 } }, 'radius_km'],
    [
      {
        area: {
          kind: 'polygon',
          coordinates: [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        },
      },
      'area.coordinates',
    ],
    [{ area: { kind: 'province', code: '44' } }, 'code'],
  ])('refuses %j naming %s', async (spec, field) => {
    const res = await run({
      area: { kind: 'bbox', west: 100, south: 20, east: 120, north: 25 },
      group_by: 'day',
      ...spec,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('answers 404 for a province that does not exist', async () => {
    expect((await run({ area: { kind: 'province', code: '990000' }, group_by: 'day' })).statusCode).toBe(404);
  });

  it('downloads a result as CSV and XLSX, only its owner', async () => {
    const job = await result({ area: { kind: 'province', code: '440000' }, group_by: 'region' });
    const url = `/api/statistics_query/jobs/${job.id}/export`;
    const csv = await t.call({ method: 'GET', url: `${url}?format=csv`, token: analyst.access });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '行政区划代码 / Region code,地区 / Region (Chinese),地区（英文） / Region (English),回击数 / Strokes,地闪 / Cloud-to-ground,云闪 / Intracloud,正极性 / Positive,负极性 / Negative,最大电流强度（kA） / Max |kA|,平均电流强度（kA） / Mean |kA|',
    );
    expect(lines[1]).toBe('440100,广州,Guangzhou,3,2,1,1,2,50,35');
    const xlsx = await t.call({ method: 'GET', url: `${url}?format=xlsx&lang=en`, token: analyst.access });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(4).value).toBe('Strokes');
    expect(sheet?.getRow(3).getCell(1).value).toBe('440300');
    expect(sheet?.getRow(3).getCell(4).value).toBe(2);
    expect((await t.call({ method: 'GET', url: `${url}?format=csv`, token: other.access })).statusCode).toBe(
      404,
    );
  });

  it('keeps my saved queries by name, apart from everyone else’s', async () => {
    const spec = { ...JUNE_JULY, area: { kind: 'province', code: '440000' }, group_by: 'day' };
    const save = (name: string, user = analyst, s: object = spec) =>
      t.call({
        method: 'POST',
        url: '/api/statistics_query/saved',
        token: user.access,
        payload: { name, spec: s },
      });
    expect((await save('Guangdong')).statusCode).toBe(201);
    expect((await save('Guangdong', analyst, { ...spec, group_by: 'month' })).statusCode).toBe(201);
    expect((await save('Mine', other)).statusCode).toBe(201);
    expect((await save('Bad', analyst, { ...spec, group_by: 'year' })).statusCode).toBe(400);
    const list = (
      await t.call({ method: 'GET', url: '/api/statistics_query/saved', token: analyst.access })
    ).json();
    expect(list.items).toEqual([
      expect.objectContaining({ name: 'Guangdong', spec: { ...spec, group_by: 'month' } }),
    ]);
    const id = list.items[0].id;
    expect(
      (await t.call({ method: 'DELETE', url: `/api/statistics_query/saved/${id}`, token: other.access }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/statistics_query/saved/${id}`, token: analyst.access }))
        .statusCode,
    ).toBe(200);
  });
  /** A job as a node that died mid-run leaves it: running, its lease run out, taken up `attempts` times. */
  const diedWith = async (attempts: number, area?: object) => {
    // The spec of a job the tests above ran, as the service stored it (its area changed where asked).
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO query_jobs (user_id, spec, status, estimated, lease_until, created_at, attempts)
       SELECT user_id, CASE WHEN $3::jsonb IS NULL THEN spec ELSE jsonb_set(spec, '{area}', $3::jsonb) END,
              'running', estimated, $1, $1, $2
       FROM query_jobs WHERE status = 'done' AND user_id = $4 ORDER BY id LIMIT 1
       RETURNING id::float8 AS id`,
      [new Date(NOW.getTime() - 60_000), attempts, area ? JSON.stringify(area) : null, analyst.id],
    );
    expect(r.rows).toHaveLength(1);
    return r.rows[0]?.id as number;
  };
  const settled = async (id: number) => {
    await t.app.services.queryWorker.kick();
    const res = await t.call({
      method: 'GET',
      url: `/api/statistics_query/jobs/${id}`,
      token: analyst.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('takes up a job its node died with again, up to three times, then fails it with a code the screen words', async () => {
    const twice = await diedWith(2);
    await expect.poll(async () => (await settled(twice)).status, { timeout: 10_000 }).toBe('done');
    const thrice = await diedWith(3);
    await expect.poll(async () => (await settled(thrice)).status, { timeout: 10_000 }).toBe('failed');
    expect((await settled(thrice)).error).toEqual({ code: 'query.abandoned', params: { attempts: 3 } });
    // An area gone since: its code, not the server's words.
    const gone = await diedWith(0, { kind: 'zone', id: 987_654 });
    await expect.poll(async () => (await settled(gone)).status, { timeout: 10_000 }).toBe('failed');
    expect((await settled(gone)).error).toEqual({ code: 'zone.not_found', params: {} });
  });
});
