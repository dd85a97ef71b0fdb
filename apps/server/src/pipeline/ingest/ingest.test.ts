import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness.js';
import { isoAgo, jsonStroke, ualfLine } from '../../test/strokes.js';

describe.each(DB_KINDS)('ingest over HTTP (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    key = await t.createFeed('test-net');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, feedKey = key) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-feed-key': feedKey, ...headers },
      payload: payload as string,
    });

  it('needs a live feed key, not a user token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ingest/strokes', payload: [jsonStroke()] });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('feed.invalid_key');
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { authorization: `Bearer ${t.admin.access}` },
      payload: [jsonStroke()],
    });
    expect(bearer.statusCode).toBe(401);
    expect((await post('/api/ingest/strokes', [jsonStroke()], {}, 'twf_wrong')).statusCode).toBe(401);
  });

  it('lets only admins manage feed keys; the key is shown once and can be revoked', async () => {
    const viewer = await t.createUser({ role: 'viewer' });
    expect(
      (await t.call({ method: 'POST', url: '/api/feeds/', token: viewer.access, payload: { name: 'x1' } }))
        .statusCode,
    ).toBe(403);
    const created = await t.call({
      method: 'POST',
      url: '/api/feeds/',
      token: t.admin.access,
      payload: { name: 'short-lived' },
    });
    const { id, key: k } = created.json();
    expect(k).toMatch(/^twf_[\w-]{43}$/);
    const list = (await t.call({ method: 'GET', url: '/api/feeds/', token: t.admin.access })).json();
    expect(JSON.stringify(list)).not.toContain(k);
    expect((await post('/api/ingest/strokes', [jsonStroke({ agoMs: 5000 })], {}, k)).statusCode).toBe(200);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/feeds/${id}`, token: t.admin.access })).statusCode,
    ).toBe(200);
    expect((await post('/api/ingest/strokes', [jsonStroke({ agoMs: 6000 })], {}, k)).statusCode).toBe(401);
    const dup = await t.call({
      method: 'POST',
      url: '/api/feeds/',
      token: t.admin.access,
      payload: { name: 'test-net' },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('keeps good JSON records, rejects bad ones by index and stores exact duplicates once', async () => {
    const good = jsonStroke({ agoMs: 30_000, lat: 22.5, lon: 114.05, peak_ka: 35.2 });
    const batch = [
      good,
      { ...good, lat: 91.5 },
      { ...good, time: isoAgo(-10 * 60_000) },
      { ...good, peak_ka: 'strong' },
      { ...good, type: 'XX' },
      jsonStroke({ agoMs: 31_000, type: 'IC', peak_ka: -4.1 }),
    ];
    const res = await post('/api/ingest/strokes', batch);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, duplicates: 0, rejected_total: 4 });
    expect(body.rejected.map((r: { line: number }) => r.line)).toEqual([1, 2, 3, 4]);
    expect(body.rejected[0].reason).toMatch(/latitude/i);
    expect(body.rejected[1].reason).toMatch(/future/i);
    const again = (await post('/api/ingest/strokes', [good])).json();
    expect(again).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    // Acknowledged means stored: the stroke is readable right away.
    const read = await t.call({
      method: 'GET',
      url: `/api/lightning?from=${isoAgo(60_000)}&bbox=114,22.4,114.1,22.6`,
      token: t.admin.access,
    });
    expect(read.json().items).toEqual([
      expect.objectContaining({ lat: 22.5, lon: 114.05, peak_ka: 35.2, type: 'CG', source: 'test-net' }),
    ]);
  });

  it('refuses a JSON stroke record with a NUL on its own and keeps the rest of the batch', async () => {
    const good = jsonStroke({ agoMs: 32_000, lat: 22.7, lon: 114.2, peak_ka: 12.5 });
    const res = await post('/api/ingest/strokes', [
      good,
      { ...good, lat: 22.8, type: 'C\u0000G' },
      { ...good, lat: 22.9, time: `${good.time}\u0000` },
      { ...good, lat: 23.0, 'no\u0000te': 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, rejected_total: 3 });
    expect(res.json().rejected.map((r: { line: number }) => r.line)).toEqual([1, 2, 3]);
  });

  it('ingests UALF text with line numbers for bad lines', async () => {
    const d = new Date(Date.now() - 90_000);
    const text = [
      ualfLine(d, 345596160, 24.5204, 112.7377, -87),
      'garbage line',
      '',
      ualfLine(d, 345596161, 24.6, 112.8, 12, true),
      ualfLine(new Date('2017-10-16T16:01:07Z'), 345596160, 65.5204, 12.7377, -87),
    ].join('\r\n');
    const res = await post('/api/ingest/ualf', text, { 'content-type': 'text/plain' });
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r: { line: number }) => r.line)).toEqual([2, 5]);
    expect(body.rejected[1].reason).toMatch(/retention/);
  });

  it('rejects values the columns cannot hold (smallint counts, float4 underflow) and stores the rest', async () => {
    const good = jsonStroke({ agoMs: 40_000, lat: 21.5, lon: 110.05 });
    const bad = [
      { sensors: 32_768 },
      { multiplicity: 40_000 },
      { peak_ka: 1e-300 },
      { major_km: 1e-300 },
      { minor_km: 1e-300 },
      { ellipse_deg: 1e-300 },
    ].map((change, i) => ({ ...jsonStroke({ agoMs: 41_000 + i }), ...change }));
    const res = await post('/api/ingest/strokes', [good, ...bad, { ...good, lat: 21.6, sensors: 32_767 }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, rejected_total: 6 });
    expect(
      body.rejected.map((r: { line: number; reason: string }) => [r.line, r.reason.split(' ')[0]]),
    ).toEqual([
      [1, 'sensors'],
      [2, 'multiplicity'],
      [3, 'peak'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
    ]);
    const d = new Date(Date.now() - 50_000);
    const field = (line: string, at: number, value: string) =>
      line
        .split(' ')
        .map((f, i) => (i === at ? value : f))
        .join(' ');
    const ualf = [
      ualfLine(d, 100, 21.7, 110.1, -20),
      field(ualfLine(d, 101, 21.7, 110.1, -20), 12, '32768'),
      field(ualfLine(d, 102, 21.7, 110.1, -20), 10, '1e-300'),
      field(ualfLine(d, 103, 21.7, 110.1, -20), 16, '1e-300'),
    ].join('\n');
    const text = (await post('/api/ingest/ualf', ualf, { 'content-type': 'text/plain' })).json();
    expect(text).toMatchObject({ accepted: 1, rejected_total: 3 });
    expect(text.rejected.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    const read = await t.call({
      method: 'GET',
      url: `/api/lightning?from=${isoAgo(120_000)}&bbox=110,21.4,110.2,21.8`,
      token: t.admin.access,
    });
    expect(read.json().items).toHaveLength(3);
  });

  it('answers 413 over 10 MB, 400 for a body that is not an array, 415 for JSON to a text feed', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024 + 10);
    expect((await post('/api/ingest/ualf', big, { 'content-type': 'text/plain' })).statusCode).toBe(413);
    const notArray = await post('/api/ingest/strokes', { time: 'x' });
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json().error.details).toEqual([{ field: '(body)', message: 'must be an array' }]);
    const wrongType = await post('/api/ingest/ualf', [jsonStroke()]);
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses a stroke array that is not valid JSON with 400 naming where, and stores none of it', async () => {
    const json = { 'content-type': 'application/json' };
    const good = JSON.stringify(jsonStroke());
    for (const [body, where] of [
      [`[${good},${good},]`, 'elements 0–2'],
      [`[${good},{"time":`, 'element 1 is not closed'],
      [`[${good}] []`, 'text after the closing ]'],
      [`[{"__proto__":{"admin":true}}]`, 'elements 0–0'],
    ]) {
      const res = await post('/api/ingest/strokes', body, json);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.code).toBe('request.malformed_json');
      expect(res.json().error.message).toContain(where);
    }
    const ok = await post('/api/ingest/strokes', `\n [ ${good} ] \n`, json);
    expect(ok.json()).toMatchObject({ accepted: 1, duplicates: 0, rejected_total: 0 });
  });
});

describe.each(DB_KINDS)('archive import of a real ADTD day (%s)', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { RETENTION_DAYS: '0' } });
    key = await t.createFeed('cma-adtd');
  });
  afterAll(() => t.close());

  // First lines of "Documents/Sample Source Data/2008_07_09.txt", memoryfraction/LLSDA (GPL-3.0).
  const ADTD = [
    '15150 2008-07-08 23:59:36.2010220 纬度=23.6845  经度=113.9467  强度=-69.0  陡度=-11.9  误差=0.0    定位方式：二站混合',
    '0 2008-07-09 23:59:46.8160029 纬度=18.2777  经度=113.2506  强度=-294.6 陡度=-58.9  误差=52.8   定位方式：四站算法',
    '1 2008-07-09 23:59:54.5729345 纬度=30.1328  经度=112.8774  强度=-160.0 陡度=-39.4  误差=0.0    定位方式：二站混合',
    '2 2008-07-09 00:00:34.3874565 纬度=23.4388  经度=109.0372  强度=122.5  陡度=19.1   误差=0.0    定位方式：四站算法',
    '3 2008-07-09 00:00:40.7895852 纬度=23.6709  经度=113.9518  强度=-65.2  陡度=-13.7  误差=0.0    定位方式：二站混合',
  ].join('\n');

  it('stores past strokes in Beijing time, mends the day-rollover glitch and says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/adtd',
      headers: { 'x-feed-key': key, 'content-type': 'text/plain; charset=utf-8' },
      payload: ADTD,
    });
    const body = res.json();
    expect(body).toMatchObject({ accepted: 5, duplicates: 0, rejected: [] });
    expect(body.corrected.map((c: { line: number }) => c.line)).toEqual([2, 3]);
    const read = await t.call({
      method: 'GET',
      url: '/api/lightning?from=2008-07-08T15:00:00Z&to=2008-07-08T17:00:00Z',
      token: t.admin.access,
    });
    const times = read.json().items.map((s: { time: string; ns: number }) => [s.time, s.ns]);
    expect(times).toEqual([
      ['2008-07-08T15:59:36.201Z', 201022000],
      ['2008-07-08T15:59:46.816Z', 816002900],
      ['2008-07-08T15:59:54.572Z', 572934500],
      ['2008-07-08T16:00:34.387Z', 387456500],
      ['2008-07-08T16:00:40.789Z', 789585200],
    ]);
  });
});
