import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { insertAlert, insertLevelChange } from '../../warnings/alerts/fixtures/warning-rows.js';
import { sortRows } from './sheets-service.js';

const NOW = new Date('2026-07-01T00:00:00Z');
const PERIOD = 'from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z';
/** Far from the lightning sheets' strokes (Guangdong, Guangxi): only this file's site strokes reach its rings. */
const POINT = { type: 'Point', coordinates: [104.0, 30.6] };
const inner = (firstAt: string) => [
  { radius_km: 10, level: 3, strokes: 2, first_at: firstAt },
  { radius_km: 20, level: 2, strokes: 5, first_at: firstAt },
];

describe.each(DB_KINDS)('data sheets (%s)', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  let outsider: TestUser;
  let tower: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW, env: { STATS_ROLLUPS: 'true' } });
    const groupId = await t.createGroup(`sheet-${kind}`);
    const otherGroup = await t.createGroup(`sheet2-${kind}`);
    const operator = await t.createUser({ role: 'operator', groupId });
    const boss = await t.createUser({ role: 'group_admin', groupId });
    viewer = await t.createUser({ role: 'viewer', groupId });
    outsider = await t.createUser({ role: 'viewer', groupId: otherGroup });
    const site = async (name: string, user = operator) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/locations/',
          token: user.access,
          payload: { name, shape: POINT },
        })
      ).json().id as number;
    tower = await site('Tower');
    await site('=HYPERLINK("x")');
    const elsewhere = await site('Elsewhere', await t.createUser({ role: 'operator', groupId: otherGroup }));
    // The sites were made before the period (skill counts from a site's making).
    await t.db.query("UPDATE locations SET created_at = '2026-05-01T00:00:00Z' WHERE group_id IN ($1, $2)", [
      groupId,
      otherGroup,
    ]);
    // What skill reads: the level changes the engine recorded and the strokes in the innermost ring (10 km).
    for (const [at, from, to] of [
      ['2026-06-01T07:00:00Z', 0, 2],
      ['2026-06-01T07:30:00Z', 2, 3],
      ['2026-06-01T07:40:00Z', 3, 0],
      ['2026-06-02T07:00:00Z', 0, 1],
      ['2026-06-02T07:20:00Z', 1, 2],
      ['2026-06-02T08:00:00Z', 2, 0],
    ] as const)
      await insertLevelChange(t.db, { locationId: tower, groupId, at, from, to });
    const siteFeed = await t.createFeed('sheet-site');
    const stored = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': siteFeed },
      payload: ['2026-06-01T07:12:00Z', '2026-06-02T07:10:00Z'].map((time) => ({
        time,
        lat: 30.62,
        lon: 104.0,
        peak_ka: -20,
        type: 'CG',
      })),
    });
    expect(stored.json()).toMatchObject({ accepted: 2 });
    // Warned at 07:00 (level 2), first stroke in the inner ring 07:12: 12 min lead; red later; 40 min.
    await insertAlert(t.db, {
      locationId: tower,
      groupId,
      startedAt: '2026-06-01T07:00:00Z',
      endedAt: '2026-06-01T07:40:00Z',
      peakLevel: 3,
      ringCounts: inner('2026-06-01T07:12:00.000Z'),
      timeline: [
        { at: '2026-06-01T07:00:00.000Z', level: 2 },
        { at: '2026-06-01T07:30:00.000Z', level: 3 },
        { at: '2026-06-01T07:40:00.000Z', level: 0 },
      ],
    });
    // Yellow first, the inner ring's stroke at 07:10 before orange at 07:20: not warned; 60 min.
    await insertAlert(t.db, {
      locationId: tower,
      groupId,
      startedAt: '2026-06-02T07:00:00Z',
      endedAt: '2026-06-02T08:00:00Z',
      peakLevel: 2,
      ringCounts: inner('2026-06-02T07:10:00.000Z'),
      timeline: [
        { at: '2026-06-02T07:00:00.000Z', level: 1 },
        { at: '2026-06-02T07:20:00.000Z', level: 2 },
      ],
    });
    // Before the period, and another group's.
    await insertAlert(t.db, {
      locationId: tower,
      groupId,
      startedAt: '2026-05-20T07:00:00Z',
      endedAt: '2026-05-20T09:00:00Z',
      peakLevel: 3,
    });
    await insertAlert(t.db, {
      locationId: elsewhere,
      groupId: otherGroup,
      startedAt: '2026-06-03T07:00:00Z',
      endedAt: '2026-06-03T08:00:00Z',
      peakLevel: 1,
    });

    const made = await t.call({
      method: 'POST',
      url: '/api/devices/',
      token: boss.access,
      payload: { id: 'SH-1', name: 'North station', kind: 'station', lat: 23, lon: 113, installed_at: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    // Its history as the heartbeats and the monitor write it: registered (offline) before the period, online
    // from 31 May, offline for a day from 10 June: 29 of 30 days up.
    await t.db.query('DELETE FROM device_status_history WHERE device_id = $1', ['SH-1']);
    for (const [status, at] of [
      ['offline', '2026-05-30T00:00:00Z'],
      ['online', '2026-05-31T00:00:00Z'],
      ['offline', '2026-06-10T00:00:00Z'],
      ['online', '2026-06-11T00:00:00Z'],
    ])
      await t.db.query('INSERT INTO device_status_history (device_id, status, at) VALUES ($1, $2, $3)', [
        'SH-1',
        status,
        at,
      ]);
  });
  afterAll(() => t.close());

  const get = (url: string, user = viewer) => t.call({ method: 'GET', url, token: user.access });

  it('lists the sheets with both-language headers', async () => {
    const list = (await get('/api/insight/sheet/')).json();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([
      'lightning_daily',
      'lightning_monthly',
      'alerts',
      'device_uptime',
    ]);
    expect(list.items[2].columns[1]).toEqual({
      key: 'location_name',
      kind: 'text',
      header: { en: 'Location', 'zh-Hans': '地点' },
    });
  });

  it('sums the hourly rollups per province and local day or month of the asked zone', async () => {
    const key = await t.createFeed('sheet-net');
    const stroke = (time: string, lat: number, lon: number, peak_ka: number, type = 'CG') => ({
      time,
      lat,
      lon,
      peak_ka,
      type,
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        stroke('2026-06-10T03:00:00Z', 23.13, 113.26, -20),
        stroke('2026-06-10T05:00:00Z', 23.2, 113.3, 45),
        stroke('2026-06-10T06:00:00Z', 22.55, 114.06, -8, 'IC'),
        stroke('2026-06-11T02:00:00Z', 22.82, 108.37, -60),
      ],
    });
    expect(res.json()).toMatchObject({ accepted: 4 });
    // The skill part's strokes near the Sichuan site (1 and 2 June) are lightning too.
    const sichuan = (day: string) => expect.objectContaining({ day, code: '510000', strokes: 1, cg: 1 });
    const daily = (await get(`/api/insight/sheet/lightning_daily?${PERIOD}`)).json();
    expect(daily.rows).toEqual([
      sichuan('2026-06-01'),
      sichuan('2026-06-02'),
      expect.objectContaining({
        day: '2026-06-10',
        code: '440000',
        name_zh: '广东',
        strokes: 3,
        cg: 2,
        ic: 1,
        cg_pos: 1,
        cg_neg: 1,
        ic_neg: 1,
        max_abs_ka: 45,
        first_time: '2026-06-10T03:00:00.000Z',
        last_time: '2026-06-10T06:00:00.000Z',
      }),
      expect.objectContaining({ day: '2026-06-11', code: '450000', strokes: 1, cg: 1 }),
    ]);
    const monthly = (
      await get(`/api/insight/sheet/lightning_monthly?${PERIOD}&sort=strokes&order=desc`)
    ).json();
    expect(
      monthly.rows.map((r: { code: string; strokes: number; cg_days: number }) => [
        r.code,
        r.strokes,
        r.cg_days,
      ]),
    ).toEqual([
      ['440000', 3, 1],
      ['510000', 2, 2],
      ['450000', 1, 1],
    ]);
    // The same hourly rows in Los Angeles (UTC−7): 03:00–06:00Z on 10 June is the evening of the 9th there.
    const west = (
      await get(`/api/insight/sheet/lightning_daily?${PERIOD}&time_zone=America/Los_Angeles`)
    ).json();
    expect(
      west.rows
        .filter((r: { code: string }) => r.code !== '510000')
        .map((r: { day: string; code: string; strokes: number }) => [r.day, r.code, r.strokes]),
    ).toEqual([
      ['2026-06-09', '440000', 3],
      ['2026-06-10', '450000', 1],
    ]);
    for (const zone of ['Asia/Kolkata', 'Nowhere/Else']) {
      const bad = await get(`/api/insight/sheet/lightning_daily?${PERIOD}&time_zone=${zone}`);
      expect(bad.statusCode, zone).toBe(400);
      expect(bad.json().error.details[0].field).toBe('time_zone');
    }
  });

  it('sums up each location’s episodes of the period, quiet ones too, beside its warning skill', async () => {
    const res = await get(`/api/insight/sheet/alerts?${PERIOD}&sort=episodes&order=desc`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.rows[0]).toEqual({
      location_id: tower,
      location_name: 'Tower',
      location_name_en: null,
      episodes: 2,
      peak_level: 3,
      red_episodes: 1,
      total_min: 100,
      median_duration_min: 50,
      inner_strikes: 2,
      warned_before: 1,
      median_lead_min: 12,
      predicted: 0,
    });
    // The same numbers as the warning skill every other screen reads for the same window.
    const skill = (await get(`/api/warning/skill?location_id=${tower}&${PERIOD}`)).json();
    expect([skill.events, skill.hits, skill.median_lead_time_min]).toEqual([2, 1, 12]);
    expect(page.rows[1]).toMatchObject({ location_name: '=HYPERLINK("x")', episodes: 0, peak_level: 0 });
    const paged = (
      await get(`/api/insight/sheet/alerts?${PERIOD}&sort=episodes&order=desc&limit=1&offset=1`)
    ).json();
    expect(paged.total).toBe(2);
    expect(paged.rows.map((r: { location_name: string }) => r.location_name)).toEqual(['=HYPERLINK("x")']);
    const theirs = (await get(`/api/insight/sheet/alerts?${PERIOD}`, outsider)).json();
    expect(theirs.rows).toEqual([expect.objectContaining({ location_name: 'Elsewhere', episodes: 1 })]);
  });

  it('gives each device’s uptime, outages and offline time over the period', async () => {
    const page = (await get(`/api/insight/sheet/device_uptime?${PERIOD}`)).json();
    expect(page.rows).toEqual([
      {
        device_id: 'SH-1',
        name: 'North station',
        name_en: null,
        kind: 'station',
        status: 'offline',
        uptime_pct: 96.7,
        outages: 1,
        offline_min: 1440,
        last_heartbeat_at: null,
      },
    ]);
    expect((await get(`/api/insight/sheet/device_uptime?${PERIOD}`, outsider)).json().rows).toEqual([]);
  });

  it('exports CSV with both-language headers and formulas defused', async () => {
    const res = await get(`/api/insight/sheet/alerts/export?${PERIOD}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('alerts_2026-06-01_2026-07-01.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // In both languages a site's own name and its English one are two columns; in one, one column.
    expect(
      lines[0]?.startsWith(
        '地点编号 / Location ID,地点 / Location,地点（英文） / Location (English),预警次数 / Episodes',
      ),
    ).toBe(true);
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
    const en = await get(`/api/insight/sheet/alerts/export?${PERIOD}&format=csv&lang=en`);
    expect(en.body.replace(/^\uFEFF/, '').startsWith('Location ID,Location,Episodes')).toBe(true);
  });

  it('exports XLSX that opens with the right cells', async () => {
    const res = await get(
      `/api/insight/sheet/alerts/export?${PERIOD}&format=xlsx&lang=zh-Hans&sort=episodes&order=desc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('地点预警表');
    expect(sheet?.getRow(1).getCell(2).value).toBe('地点');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Tower');
    expect(sheet?.getRow(2).getCell(3).value).toBe(2);
    expect(sheet?.getRow(2).getCell(10).value).toBe(12);
    expect(sheet?.getRow(3).getCell(2).value).toBe('=HYPERLINK("x")');
    expect(sheet?.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.rowCount).toBe(3);
  });

  it.each([
    ['alerts?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z', 'to'],
    ['alerts?from=2025-01-01T00:00:00Z&to=2026-06-01T00:00:00Z', 'to'],
    [`alerts?${PERIOD}&sort=password_hash`, 'sort'],
    [`alerts?${PERIOD}&limit=5000`, 'limit'],
    ['alerts?to=2026-06-01T00:00:00Z', 'from'],
    [`alerts/export?${PERIOD}&format=pdf`, 'format'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await get(`/api/insight/sheet/${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('answers 404 for a sheet that does not exist and 401 signed out', async () => {
    expect((await get(`/api/insight/sheet/users?${PERIOD}`)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/insight/sheet/alerts?${PERIOD}` })).statusCode).toBe(
      401,
    );
  });
});

describe('sortRows', () => {
  const rows = [
    { n: 2, s: 'b' },
    { n: null, s: 'a' },
    { n: 1, s: 'c' },
    { n: 2, s: 'a' },
  ];
  it.each([
    ['n', 'asc', ['c', 'b', 'a', 'a']],
    ['n', 'desc', ['b', 'a', 'c', 'a']],
    ['s', 'asc', ['a', 'a', 'b', 'c']],
  ] as const)('by %s %s', (key, order, want) => {
    expect(sortRows(rows, key, order).map((r) => r.s)).toEqual(want);
  });
});
