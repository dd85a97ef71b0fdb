import { cellAreaKm2 } from '@thunderwatch/domain/lightning/lightning-climate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRebuildArgs } from '../../../rollups-rebuild.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

const NOW = new Date('2026-08-01T00:00:00Z');
const GZ = { lat: 23.13, lon: 113.26 }; // Guangzhou, 440100
const SZ = { lat: 22.55, lon: 114.06 }; // Shenzhen, 440300
const SEA = { lat: 19.5, lon: 116.5 }; // open sea: no region, a cell only
const SITE = { lat: 23.05, lon: 113.05 }; // the centre of cell (230, 1130)
type At = { lat: number; lon: number };
const s = (time: string, at: At, type: 'CG' | 'IC', peak_ka = -20, multiplicity = 1) => ({
  time,
  ...at,
  type,
  peak_ka,
  multiplicity,
});

// In order: one CG flash of three strokes and an IC flash at Guangzhou, two CG flashes at Shenzhen, one at sea.
const BATCH_A = [
  s('2026-07-10T06:00:00.000Z', GZ, 'CG', -30, 3),
  s('2026-07-10T06:00:00.100Z', GZ, 'CG', -12, 3),
  s('2026-07-10T06:00:00.300Z', GZ, 'CG', -8, 3),
  s('2026-07-10T06:00:10.000Z', GZ, 'IC', 6),
  s('2026-07-10T07:00:00.000Z', SZ, 'CG', 45),
  s('2026-07-10T07:00:05.000Z', SZ, 'CG', -160, 2),
  s('2026-07-10T08:00:00.000Z', SEA, 'CG', -20),
];
// Later, for an earlier day (out of order), with a duplicate of A that must not count twice.
const BATCH_B = [
  s('2026-07-05T12:00:00.000Z', GZ, 'CG', -25),
  s('2026-07-05T12:01:40.000Z', GZ, 'CG', 220, 6),
  BATCH_A[0],
];
const BATCH_C = [s('2026-07-20T03:00:00.000Z', GZ, 'IC', -3)];
// Known answers: three CG days and one IC-only day in the site's cell, a CG day 50 km away.
const BATCH_D = [
  s('2026-07-01T10:00:00.000Z', SITE, 'CG'),
  s('2026-07-02T10:00:00.000Z', SITE, 'CG'),
  s('2026-07-03T10:00:00.000Z', { lat: 23.02, lon: 113.08 }, 'CG'),
  s('2026-07-04T10:00:00.000Z', SITE, 'IC'),
  s('2026-07-06T10:00:00.000Z', { lat: 23.5, lon: 113.05 }, 'CG'),
];
// 17:30Z on 30 June is 01:30 on 1 July in Beijing: in July's statistics in Asia/Shanghai, not in UTC.
const BATCH_E = [s('2026-06-30T17:30:00.000Z', GZ, 'CG', -40)];

describe.each(DB_KINDS)('statistics from the stroke rollups (%s)', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  let key: string;
  const ingest = async (payload: unknown[]) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accepted: number; duplicates: number };
  };
  const get = async (url: string, token = viewer.access) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  // The known answers below are UTC days; the local days of other zones have their own tests (and an oracle).
  const JULY = 'from=2026-07-01&to=2026-07-31&time_zone=UTC';
  const snapshot = async () => ({
    regions: (await t.db.query('SELECT * FROM stroke_rollup_region ORDER BY code, hour')).rows,
    cells: (await t.db.query('SELECT * FROM stroke_rollup_cell ORDER BY cy, cx, hour')).rows,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW, env: { RETENTION_DAYS: '0', STATS_ROLLUPS: 'true' } });
    key = await t.createFeed('stats');
    viewer = await t.createUser({ role: 'viewer' });
    expect(await ingest(BATCH_A)).toMatchObject({ accepted: 7 });
    expect(await ingest(BATCH_B)).toMatchObject({ accepted: 2, duplicates: 1 });
    await ingest(BATCH_C);
    await ingest(BATCH_D);
    await ingest(BATCH_E);
  }, 60_000);
  afterAll(() => t.close());

  it('draws the rose of where the area’s storm cells moved', async () => {
    // Two cells over Guangzhou moving north-east for an hour, one that barely moved, one far away in Yunnan.
    const steps = ['2026-07-05T06:00:00Z', '2026-07-05T07:00:00Z'];
    for (const time of steps)
      await t.db.query("INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, '[]', 0, 0)", [
        time,
      ]);
    const cell = (time: string, id: string, lat: number, lon: number) =>
      t.db.query(
        `INSERT INTO cells (step_time, id, born_at, parents, lat, lon, area_km2, flash_rate, cg_rate, lifecycle, jump)
         VALUES ($1, $2, $1, '[]', $3, $4, 100, 5, 1, 'mature', false)`,
        [time, id, lat, lon],
      );
    await cell(steps[0] as string, 'a', 23.0, 113.2);
    await cell(steps[1] as string, 'a', 23.2, 113.4);
    await cell(steps[0] as string, 'b', 23.1, 113.3);
    await cell(steps[1] as string, 'b', 23.3, 113.5);
    await cell(steps[0] as string, 'still', 23.1, 113.1);
    await cell(steps[1] as string, 'still', 23.1, 113.11);
    await cell(steps[0] as string, 'far', 25.0, 102.7);
    await cell(steps[1] as string, 'far', 25.3, 102.7);
    const rose = await get(`/api/statistics/storm_directions?area=province&code=440000&${JULY}`);
    expect(rose.storms).toBe(2);
    expect(rose.sectors).toHaveLength(16);
    expect(rose.sectors[2]).toMatchObject({ from_deg: 33.75, to_deg: 56.25, storms: 2 });
    expect(rose.sectors[2].mean_speed_kmh).toBeGreaterThan(25);
    const tooLong = await t.call({
      method: 'GET',
      url: '/api/statistics/storm_directions?area=province&code=440000&from=2026-01-01&to=2026-07-31',
      token: viewer.access,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('rollups equal the raw counts per UTC hour after in-order and out-of-order ingest', async () => {
    const raw = await t.db.query<{ hour: string; n: number; cg: number }>(
      `SELECT to_char(date_trunc('hour', time AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24') AS hour, count(*)::int AS n,
              count(*) FILTER (WHERE NOT is_ic)::int AS cg
       FROM strokes GROUP BY 1 ORDER BY 1`,
    );
    const cells = await t.db.query<{ hour: string; n: number; cg: number }>(
      `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS hour, sum(strokes)::int AS n, sum(cg)::int AS cg
       FROM stroke_rollup_cell GROUP BY 1 ORDER BY 1`,
    );
    expect(cells.rows).toEqual(raw.rows);
    expect(raw.rows.reduce((a, r) => a + r.n, 0)).toBe(16);
    const regions = await t.db.query<{ n: number }>(
      'SELECT sum(strokes)::int AS n FROM stroke_rollup_region',
    );
    expect(regions.rows[0]?.n).toBe(15); // all but the one at sea
  });

  it.each(['UTC', 'Asia/Shanghai', 'America/New_York'])(
    'the daily and monthly series in %s equal an independent count of the raw strokes per local day',
    async (zone) => {
      // A box on the 0.1° grid is exactly its cells: the raw strokes inside it, counted per local day in SQL.
      const raw = await t.db.query<{ t: string; strokes: number; cg: number }>(
        `SELECT to_char(time AT TIME ZONE $1, 'YYYY-MM-DD') AS t, count(*)::int AS strokes,
              count(*) FILTER (WHERE NOT is_ic)::int AS cg
       FROM strokes WHERE lat >= 22 AND lat < 24 AND lon >= 113 AND lon < 115
         AND (time AT TIME ZONE $1)::date BETWEEN '2026-06-01' AND '2026-07-31'
       GROUP BY 1 ORDER BY 1`,
        [zone],
      );
      expect(raw.rows.length).toBeGreaterThan(5);
      const q = `area=bbox&bbox=113,22,115,24&from=2026-06-01&to=2026-07-31&time_zone=${encodeURIComponent(zone)}`;
      const day = await get(`/api/statistics/series?${q}&interval=day`);
      expect(day.time_zone).toBe(zone);
      expect(
        day.items.map((i: { t: string; strokes: number; cg: number }) => ({
          t: i.t,
          strokes: i.strokes,
          cg: i.cg,
        })),
      ).toEqual(raw.rows);
      const month = await get(`/api/statistics/series?${q}&interval=month`);
      const months = new Map<string, number>();
      for (const r of raw.rows) months.set(r.t.slice(0, 7), (months.get(r.t.slice(0, 7)) ?? 0) + r.strokes);
      expect(month.items.map((i: { t: string; strokes: number }) => [i.t, i.strokes])).toEqual([...months]);
    },
  );

  it('counts Beijing days in Asia/Shanghai: 17:30Z is 01:30 the next local day, with no rebuild', async () => {
    const utc = await get(`/api/statistics/summary?area=city&code=440100&${JULY}`);
    const cn = await get(
      '/api/statistics/summary?area=city&code=440100&from=2026-07-01&to=2026-07-31&time_zone=Asia/Shanghai',
    );
    expect(cn).toMatchObject({ time_zone: 'Asia/Shanghai', strokes: utc.strokes + 1, cg: utc.cg + 1 });
    expect(cn.thunderstorm_days).toBe(utc.thunderstorm_days + 1);
    const days = await get(
      '/api/statistics/series?area=city&code=440100&from=2026-06-30&to=2026-07-01&interval=day&time_zone=Asia/Shanghai',
    );
    expect(days.items.map((i: { t: string; strokes: number }) => [i.t, i.strokes])).toEqual([
      ['2026-07-01', 1],
    ]);
    const utcDays = await get(
      '/api/statistics/series?area=city&code=440100&from=2026-06-30&to=2026-07-01&interval=day&time_zone=UTC',
    );
    expect(utcDays.items.map((i: { t: string; strokes: number }) => [i.t, i.strokes])).toEqual([
      ['2026-06-30', 1],
    ]);
    const hour = await get(
      '/api/statistics/series?area=city&code=440100&from=2026-07-01&to=2026-07-01&interval=hour&time_zone=Asia/Shanghai',
    );
    expect(hour.items).toEqual([
      expect.objectContaining({
        t: '2026-06-30T17:00:00.000Z',
        strokes: 1,
        cg: 1,
        flashes: 1,
        cg_flashes: 1,
      }),
    ]);
    // Hours of the day are Beijing hours: the 06:00Z flash at 14:00, the 17:30Z stroke at 01:00.
    const clim = await get(
      '/api/statistics/climatology?area=city&code=440100&from=2026-07-01&to=2026-07-31&time_zone=Asia/Shanghai',
    );
    expect(clim.hours[14]).toEqual({ hour: 14, strokes: 4, cg: 3 });
    expect(clim.hours[1]).toEqual({ hour: 1, strokes: 1, cg: 1 });
    expect(clim.hours[6]).toEqual({ hour: 6, strokes: 0, cg: 0 });
    expect(clim.heatmap.values).toContainEqual([0, 1, 1]);
    expect(clim.heatmap.values).toContainEqual([9, 14, 4]);
    const prov = await get(
      '/api/statistics/regions?level=province&from=2026-07-01&to=2026-07-31&time_zone=Asia/Shanghai',
    );
    expect(prov.items.find((i: { code: string }) => i.code === '440000')).toMatchObject({
      strokes: 15,
      cg: 12,
    });
    // The deployment's zone (TIME_ZONE, Asia/Shanghai by default) when the request names none.
    const plain = await get('/api/statistics/summary?area=city&code=440100&from=2026-07-01&to=2026-07-31');
    expect(plain).toEqual(cn);
  });

  it.each([
    ['Mars/Olympus', 'time_zone'],
    ['Asia/Kolkata', 'time_zone'],
  ])('refuses time_zone=%s naming %s', async (zone, field) => {
    for (const url of [
      `/api/statistics/summary?area=city&code=440100&from=2026-07-01&to=2026-07-31&time_zone=${zone}`,
      `/api/statistics/regions?from=2026-07-01&to=2026-07-31&time_zone=${zone}`,
    ]) {
      const res = await t.call({ method: 'GET', url, token: viewer.access });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('gives a city’s and a province’s totals, flashes, polarity and thunderstorm days', async () => {
    const gz = await get(`/api/statistics/summary?area=city&code=440100&${JULY}`);
    expect(gz).toMatchObject({
      area: { kind: 'city', code: '440100', name_en: 'Guangzhou', cells: null },
      days: 31,
      strokes: 7,
      cg: 5,
      ic: 2,
      cg_pos: 1,
      cg_neg: 4,
      ic_pos: 1,
      ic_neg: 1,
      flashes: 5,
      cg_flashes: 3,
      max_abs_ka: 220,
      thunderstorm_days: 2,
      first_time: '2026-07-05T12:00:00.000Z',
      last_time: '2026-07-20T03:00:00.000Z',
    });
    expect(gz.ng).toBeCloseTo(3 / gz.area.area_km2 / (31 / 365.25), 12);
    const gd = await get(`/api/statistics/summary?area=province&code=440000&${JULY}`);
    expect(gd.strokes).toBe(7 + 2 + 5 - 0); // Guangzhou, Shenzhen and the site's strokes (all in Guangdong)
    expect(gd.cg).toBe(5 + 2 + 4);
  });

  it('series per day, month and hour, climatology and peak currents add up to the summary', async () => {
    const day = await get(`/api/statistics/series?area=city&code=440100&${JULY}&interval=day`);
    expect(day.items.map((i: { t: string; strokes: number }) => [i.t, i.strokes])).toEqual([
      ['2026-07-05', 2],
      ['2026-07-10', 4],
      ['2026-07-20', 1],
    ]);
    const month = await get(`/api/statistics/series?area=city&code=440100&${JULY}&interval=month`);
    expect(month.items).toEqual([
      expect.objectContaining({ t: '2026-07', strokes: 7, cg: 5, flashes: 5, cg_flashes: 3 }),
    ]);
    const hour = await get(
      '/api/statistics/series?area=city&code=440100&from=2026-07-10&to=2026-07-10&interval=hour',
    );
    expect(hour.items).toEqual([
      expect.objectContaining({ t: '2026-07-10T06:00:00.000Z', strokes: 4, cg: 3, ic: 1 }),
    ]);
    const clim = await get(`/api/statistics/climatology?area=city&code=440100&${JULY}`);
    expect(clim.hours[6]).toEqual({ hour: 6, strokes: 4, cg: 3 });
    expect(clim.months[6]).toEqual({ month: 7, strokes: 7, cg: 5, years: 1 });
    expect(clim.heatmap.days).toHaveLength(31);
    expect(clim.heatmap.values).toContainEqual([9, 6, 4]);
    const pc = await get(`/api/statistics/peak_current?area=city&code=440100&${JULY}`);
    expect(pc.buckets.map((b: { strokes: number }) => b.strokes)).toEqual([1, 2, 1, 1, 1, 0, 0, 0, 0, 1]);
    expect(pc.multiplicity).toEqual([
      { multiplicity: '1', strokes: 3 },
      { multiplicity: '2', strokes: 0 },
      { multiplicity: '3', strokes: 3 },
      { multiplicity: '4', strokes: 0 },
      { multiplicity: '5+', strokes: 1 },
    ]);
  });

  it('Ng and thunderstorm days of a constructed cell, a site and a box have the known answers', async () => {
    const area = cellAreaKm2(230);
    const box = await get(`/api/statistics/summary?area=bbox&bbox=113,23,113.1,23.1&${JULY}`);
    expect(box).toMatchObject({ strokes: 4, cg: 3, cg_flashes: 3, thunderstorm_days: 3, area: { cells: 1 } });
    expect(box.area.area_km2).toBeCloseTo(area, 9);
    expect(box.ng).toBeCloseTo(3 / area / (31 / 365.25), 12);
    const circle = await get(`/api/statistics/thunderstorm_days?area=circle&lat=23.05&lon=113.05&${JULY}`);
    expect(circle).toMatchObject({ thunderstorm_days: 3, by_year: [{ year: 2026, days: 3, covered: 31 }] });
    expect(circle.dates.map((d: { date: string }) => d.date)).toEqual([
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
    ]);
    const ng = await get(`/api/statistics/ng?area=bbox&bbox=113,23,113.1,23.1&${JULY}`);
    expect(ng.cells).toEqual([
      { lat: 23, lon: 113, cg_flashes: 3, ng: expect.closeTo(3 / area / (31 / 365.25), 9) },
    ]);
  });

  it('reads a location of the caller’s group by its circle, and hides other groups’ locations', async () => {
    const groupId = await t.createGroup(`st-${kind}`);
    const op = await t.createUser({ role: 'operator', groupId });
    const made = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: op.access,
      payload: {
        name: 'Yard',
        shape: { type: 'Point', coordinates: [SITE.lon, SITE.lat] },
        rings: [
          { radius_km: 10, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const mine = await get(
      `/api/statistics/thunderstorm_days?area=location&location_id=${id}&${JULY}`,
      op.access,
    );
    expect(mine.thunderstorm_days).toBe(3);
    const other = await t.call({
      method: 'GET',
      url: `/api/statistics/summary?area=location&location_id=${id}&${JULY}`,
      token: viewer.access,
    });
    expect(other.statusCode).toBe(404);
  });

  it('gives the choropleth values per province and per city', async () => {
    const prov = await get(`/api/statistics/regions?level=province&${JULY}`);
    expect(prov.items).toHaveLength(34);
    expect(prov.items.find((i: { code: string }) => i.code === '440000')).toMatchObject({
      strokes: 14,
      cg: 11,
    });
    const cities = await get(`/api/statistics/regions?level=city&province=440000&${JULY}`);
    expect(cities.items).toHaveLength(21);
    expect(cities.items.find((i: { code: string }) => i.code === '440300')).toMatchObject({
      strokes: 2,
      cg: 2,
      cg_flashes: 2,
      thunderstorm_days: 1,
    });
  });

  it('the rebuild from raw strokes equals the incremental rollups', async () => {
    const before = await snapshot();
    const r = await (
      t.app as unknown as {
        services: { rollups: { rebuild(f: Date, to: Date): Promise<{ strokes: number }> } };
      }
    ).services.rollups.rebuild(new Date('2026-06-30T00:00:00Z'), new Date('2026-08-01T00:00:00Z'));
    expect(r.strokes).toBe(16);
    expect(await snapshot()).toEqual(before);
  });

  it('rollups-rebuild --upgrade recomputes the pre-040 daily rollups’ days that are still stored raw', async () => {
    const before = await snapshot();
    // A day of the old daily tables with its raw strokes (10 July), and one whose strokes are gone (1 January).
    for (const day of ['2026-07-10', '2026-01-01'])
      await t.db.query(
        `INSERT INTO stroke_rollup_cell_utc_day
         SELECT 230, 1132, $1::date, ${Array.from({ length: 26 + 48 }, () => '1').join(', ')}, now(), now()`,
        [day],
      );
    await t.db.query(
      "DELETE FROM stroke_rollup_cell WHERE hour >= '2026-07-10T00:00:00Z' AND hour < '2026-07-11T00:00:00Z'",
    );
    const services = (
      t.app as unknown as {
        services: { rollups: { rebuildLegacy(): Promise<{ days: number; strokes: number }> } };
      }
    ).services;
    expect(await services.rollups.rebuildLegacy()).toEqual({ days: 1, strokes: 7 });
    expect(await snapshot()).toEqual(before);
    await t.db.query('DELETE FROM stroke_rollup_cell_utc_day');
    expect(parseRebuildArgs(['--upgrade'])).toEqual({ upgrade: true });
    expect(() => parseRebuildArgs(['--upgrade', '--from', '2026-07-01'])).toThrow(/--upgrade takes no/);
  });

  it('keeps the rollups when retention drops the raw strokes', async () => {
    const before = await get(`/api/statistics/summary?area=city&code=440100&${JULY}`);
    const dropped = await t.app.services.partitions.dropBefore(t.db, Date.parse('2026-07-15T00:00:00Z'));
    expect(dropped).toContain('strokes_20260710');
    const raw = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM strokes');
    expect(raw.rows[0]?.n).toBe(1);
    // The hourly rows answer any whole-hour zone still.
    expect(
      (
        await get(
          '/api/statistics/summary?area=city&code=440100&from=2026-07-01&to=2026-07-31&time_zone=Asia/Shanghai',
        )
      ).strokes,
    ).toBe(before.strokes + 1);
    expect(await get(`/api/statistics/summary?area=city&code=440100&${JULY}`)).toEqual(before);
  });

  it.each([
    ['area=city&from=2026-07-01&to=2026-07-31', 'code'],
    ['area=city&code=440100&from=2026-07-31&to=2026-07-01', 'to'],
    ['area=city&code=440100&from=2026-02-30&to=2026-03-01', 'from'],
    ['area=city&code=440100&from=2000-01-01&to=2026-07-01', 'to'],
    ['area=bbox&bbox=1,2,3&from=2026-07-01&to=2026-07-31', 'bbox'],
    ['area=bbox&bbox=100,10,130,40&from=2026-07-01&to=2026-07-31', 'bbox'],
    ['area=circle&lat=23&from=2026-07-01&to=2026-07-31', 'lon'],
    ['area=zone&from=2026-07-01&to=2026-07-31', 'zone_id'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/statistics/summary?${query}`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('gives alert episodes per location of the caller’s group, none here', async () => {
    expect(await get(`/api/statistics/alerts?${JULY}`)).toEqual({
      from: '2026-07-01',
      to: '2026-07-31',
      time_zone: 'UTC',
      items: [],
    });
    const bad = await t.call({
      method: 'GET',
      url: '/api/statistics/alerts?from=2026-07-31&to=2026-07-01',
      token: viewer.access,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('to');
  });

  it('refuses an hourly series over more than 31 days, a radius over 200 km and an unknown region', async () => {
    const call = (url: string) => t.call({ method: 'GET', url, token: viewer.access });
    const hourly = await call(
      `/api/statistics/series?area=city&code=440100&from=2026-07-01&to=2026-08-02&interval=hour`,
    );
    expect(hourly.statusCode).toBe(400);
    const wide = await call(`/api/statistics/summary?area=circle&lat=23&lon=113&radius_km=500&${JULY}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.body).toContain('radius_km');
    expect((await call(`/api/statistics/summary?area=city&code=999999&${JULY}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/statistics/summary?area=city&code=440100&${JULY}` }))
        .statusCode,
    ).toBe(401);
  });
});
