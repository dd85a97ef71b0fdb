import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { capSchemaErrors } from './fixtures/cap-schema.js';
import { insertAlert, insertLevelChange } from './fixtures/warning-rows.js';

const POINT = { type: 'Point', coordinates: [113.3, 23.1] };
const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [113, 23],
      [113.1, 23],
      [113.1, 23.1],
      [113, 23.1],
      [113, 23],
    ],
  ],
};
const STROKE = {
  time: '2025-06-01T06:59:58.000Z',
  lat: 23.2,
  lon: 113.3,
  peak_ka: -21.5,
  type: 'CG',
  distance_km: 11,
};
const COUNTS = [
  // Red came with the first stroke inside 10 km: the episode did not warn before it.
  { radius_km: 10, level: 3, strokes: 4, first_at: '2025-06-01T07:20:00.000Z' },
  { radius_km: 20, level: 2, strokes: 9, first_at: '2025-06-01T07:10:00.000Z' },
  { radius_km: 30, level: 1, strokes: 15, first_at: '2025-06-01T06:59:58.000Z' },
];

describe.each(DB_KINDS)('alert history and hourly warnings (%s)', (kind) => {
  let t: TestApp;
  let groupA: number;
  let groupB: number;
  let viewerA: TestUser;
  let viewerB: TestUser;
  let siteA: number;
  let fieldA: number;
  let siteB: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    groupA = await t.createGroup('alert-a');
    groupB = await t.createGroup('alert-b');
    const operatorA = await t.createUser({ role: 'operator', groupId: groupA });
    const operatorB = await t.createUser({ role: 'operator', groupId: groupB });
    viewerA = await t.createUser({ role: 'viewer', groupId: groupA });
    viewerB = await t.createUser({ role: 'viewer', groupId: groupB });
    const make = async (user: TestUser, payload: object) =>
      (await t.call({ method: 'POST', url: '/api/locations', token: user.access, payload })).json()
        .id as number;
    siteA = await make(operatorA, { name: '=HYPERLINK("x")', shape: POINT });
    fieldA = await make(operatorA, { name: 'Field', shape: SQUARE });
    siteB = await make(operatorB, { name: 'Site B', shape: POINT });
    ids.old = await insertAlert(t.db, {
      locationId: siteA,
      groupId: groupA,
      startedAt: '2025-06-01T07:00:00Z',
      endedAt: '2025-06-01T08:10:00Z',
      peakLevel: 3,
      nearestKm: 3.5,
      ringCounts: COUNTS,
      firstStroke: STROKE,
      timeline: [
        { at: '2025-06-01T07:00:00.000Z', level: 1 },
        { at: '2025-06-01T07:20:00.000Z', level: 3 },
        { at: '2025-06-01T08:10:00.000Z', level: 0 },
      ],
    });
    ids.field = await insertAlert(t.db, {
      locationId: fieldA,
      groupId: groupA,
      startedAt: '2025-06-02T09:00:00Z',
      endedAt: '2025-06-02T10:00:00Z',
      peakLevel: 1,
    });
    ids.open = await insertAlert(t.db, {
      locationId: siteA,
      groupId: groupA,
      startedAt: '2025-06-03T12:00:00Z',
      peakLevel: 2,
    });
    ids.b = await insertAlert(t.db, {
      locationId: siteB,
      groupId: groupB,
      startedAt: '2025-06-02T00:00:00Z',
      peakLevel: 3,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser) => t.call({ method: 'GET', url, token: user.access });
  const idsOf = async (url: string, user = viewerA) =>
    (await get(url, user)).json().items.map((a: { id: number }) => a.id);

  it('lists the group episodes newest first, with filters and paging', async () => {
    const all = (await get('/api/alert_hist/', viewerA)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((a: { id: number }) => a.id)).toEqual([ids.open, ids.field, ids.old]);
    expect(await idsOf(`/api/alert_hist?location_id=${siteA}`)).toEqual([ids.open, ids.old]);
    expect(await idsOf('/api/alert_hist?peak_level=1')).toEqual([ids.field]);
    expect(await idsOf('/api/alert_hist?open=true')).toEqual([ids.open]);
    expect(await idsOf('/api/alert_hist?open=false')).toEqual([ids.field, ids.old]);
    expect(await idsOf('/api/alert_hist?from=2025-06-02T00:00:00Z&to=2025-06-03T00:00:00Z')).toEqual([
      ids.field,
    ]);
    const page = (await get('/api/alert_hist?limit=1&offset=1', viewerA)).json();
    expect(page).toMatchObject({ total: 3, items: [{ id: ids.field }] });
    expect((await get('/api/alert_hist?peak_level=4', viewerA)).statusCode).toBe(400);
  });

  it('answers one episode with its first stroke, strokes per ring and level timeline', async () => {
    const res = await get(`/api/alert_hist/${ids.old}`, viewerA);
    expect(res.json()).toEqual({
      id: ids.old,
      location_id: siteA,
      location_name: '=HYPERLINK("x")',
      location_name_en: null,
      group_id: groupA,
      started_at: '2025-06-01T07:00:00.000Z',
      ended_at: '2025-06-01T08:10:00.000Z',
      peak_level: 3,
      first_stroke: STROKE,
      nearest_km: 3.5,
      ring_counts: COUNTS,
      timeline: [
        { at: '2025-06-01T07:00:00.000Z', level: 1 },
        { at: '2025-06-01T07:20:00.000Z', level: 3 },
        { at: '2025-06-01T08:10:00.000Z', level: 0 },
      ],
      warned_before_first_inner: false,
      lead_time_min: null,
      predicted: false,
      ring_at: '2025-06-01T07:00:00.000Z',
      predicted_lead_min: null,
    });
    expect((await get(`/api/alert_hist/${ids.open}`, viewerA)).json()).toMatchObject({
      ended_at: null,
      // No stroke counted inside 10 km (or kept from before this was recorded): no answer either way.
      warned_before_first_inner: null,
      lead_time_min: null,
    });
    expect((await get('/api/alert_hist/999999', viewerA)).json().error.code).toBe('alert.not_found');
  });

  it('keeps groups apart: other groups episodes are absent', async () => {
    expect(await idsOf('/api/alert_hist', viewerB)).toEqual([ids.b]);
    for (const url of [`/api/alert_hist/${ids.old}`, `/api/alert_hist/${ids.old}/cap`]) {
      const res = await get(url, viewerB);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('alert.not_found');
    }
    expect((await get(`/api/alert_hist?group_id=${groupA}`, viewerB)).statusCode).toBe(404);
    expect(await idsOf(`/api/alert_hist?group_id=${groupB}`, t.admin)).toEqual([ids.b]);
    expect((await get('/api/alert_hist?limit=1000', t.admin)).json().total).toBe(4);
  });

  it('exports the filtered episodes as CSV that spreadsheets will not run', async () => {
    const res = await get(`/api/alert_hist?format=csv&location_id=${siteA}`, viewerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="alert_hist.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,location_id,location_name,location_name_en,started_at,ended_at,peak_level,nearest_km,strokes_per_ring,first_stroke_time,' +
        'warned_before_first_inner_stroke,lead_time_min,predicted,ring_at,predicted_lead_min',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(
      `${ids.old},${siteA},"'=HYPERLINK(""x"")",,2025-06-01T07:00:00.000Z,2025-06-01T08:10:00.000Z,3,3.5,10 km: 4; 20 km: 9; 30 km: 15,2025-06-01T06:59:58.000Z,no,,no,2025-06-01T07:00:00.000Z,`,
    );
  });

  it('exports the filtered episodes as XLSX, headed and worded in the language asked', async () => {
    const load = async (url: string) => {
      const res = await get(url, viewerA);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe('attachment; filename="alert_hist.xlsx"');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no worksheet');
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { sheet, rows };
    };
    const en = await load(`/api/alert_hist?format=xlsx&lang=en&location_id=${siteA}&time_zone=UTC`);
    expect(en.sheet.name).toBe('Alert history');
    expect(en.rows[0]?.slice(0, 7)).toEqual([
      'Episode ID',
      'Location ID',
      'Location',
      'Started (UTC)',
      'Ended (UTC)',
      'Duration (min)',
      'Peak level',
    ]);
    // Newest first, as the list: the open episode, then the old one.
    expect(en.rows).toHaveLength(3);
    expect(en.rows[1]?.[0]).toBe(ids.open);
    const old = en.rows[2] ?? [];
    expect(old[0]).toBe(ids.old);
    // A name a spreadsheet would run stays text; times are dates; numbers are numbers.
    expect(old[2]).toBe('=HYPERLINK("x")');
    expect(en.sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect((old[3] as Date).toISOString()).toBe('2025-06-01T07:00:00.000Z');
    expect(old.slice(5, 13)).toEqual([
      70,
      3,
      3.5,
      '10 km: 4; 20 km: 9; 30 km: 15',
      new Date('2025-06-01T06:59:58.000Z'),
      'no',
      undefined, // an empty cell: no lead time
      'no',
    ]);

    const zh = await load(`/api/alert_hist?format=xlsx&lang=zh-Hans&location_id=${siteA}&open=false`);
    expect(zh.sheet.name).toBe('预警历史');
    // Without time_zone, the deployment's (Beijing): the digits a reader there expects, the zone named.
    expect(zh.rows[0]?.slice(0, 5)).toEqual([
      '预警编号',
      '地点编号',
      '地点',
      '开始时间（Asia/Shanghai）',
      '结束时间（Asia/Shanghai）',
    ]);
    expect(zh.rows[1]?.[3]).toEqual(new Date('2025-06-01T15:00:00.000Z'));
    expect(zh.rows).toHaveLength(2);
    expect(zh.rows[1]?.[10]).toBe('否');

    const both = await load(`/api/alert_hist?format=xlsx&peak_level=1`);
    // In both languages, a site's own name and its English one are two columns.
    expect(both.rows[0]?.slice(2, 4)).toEqual(['地点 / Location', '地点（英文） / Location (English)']);
    expect(both.rows.map((r) => r[0]).slice(1)).toEqual([ids.field]);

    for (const bad of ['format=xlsx&lang=fr', 'format=pdf', 'format=xlsx&time_zone=Mars/Olympus']) {
      const res = await get(`/api/alert_hist?${bad}`, viewerA);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    // Another group's episodes stay out of the workbook too.
    expect((await load('/api/alert_hist?format=xlsx')).rows.map((r) => r[0])).not.toContain(ids.b);
  });

  it('answers CAP 1.2 for a point and a polygon location, valid against the OASIS schema', async () => {
    for (const [id, area] of [
      [ids.old, '<circle>23.1,113.3 30</circle>'],
      [ids.field, '<polygon>23,113 23,113.1 23.1,113.1 23.1,113 23,113</polygon>'],
    ] as const) {
      const res = await get(`/api/alert_hist/${id}/cap`, viewerA);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/cap+xml; charset=utf-8');
      expect(await capSchemaErrors(res.body)).toEqual([]);
      expect(res.body).toContain(area);
      expect(res.body).toContain('<language>zh-CN</language>');
      expect(res.body).toContain('<language>en-US</language>');
      expect(res.body).toContain('<sender>thunderwatch@localhost</sender>');
    }
  });

  it('keeps the history of a deleted location readable', async () => {
    await t.db.query('UPDATE locations SET deleted_at = now() WHERE id = $1', [fieldA]);
    expect((await get(`/api/alert_hist/${ids.field}`, viewerA)).json().location_name).toBe('Field');
    expect((await get(`/api/alert_hist/${ids.field}/cap`, viewerA)).statusCode).toBe(200);
  });

  describe('hourly warnings', () => {
    beforeAll(async () => {
      const rise = (
        locationId: number,
        groupId: number,
        at: string,
        from: 0 | 1 | 2 | 3,
        to: 0 | 1 | 2 | 3,
      ) => insertLevelChange(t.db, { locationId, groupId, at, from, to });
      await rise(siteA, groupA, '2025-07-01T10:05:00Z', 0, 1);
      await rise(siteA, groupA, '2025-07-01T10:20:00Z', 1, 3);
      await rise(siteA, groupA, '2025-07-01T10:40:00Z', 3, 1); // a fall: not counted
      await rise(siteA, groupA, '2025-07-01T10:50:00Z', 1, 3);
      await rise(siteA, groupA, '2025-07-01T11:00:00Z', 3, 0); // all clear: not counted
      await rise(fieldA, groupA, '2025-07-01T11:59:59Z', 0, 1);
      await rise(siteB, groupB, '2025-07-01T10:30:00Z', 0, 3);
    });
    const WINDOW = 'from=2025-07-01T00:00:00Z&to=2025-07-02T00:00:00Z';

    it('counts level rises per UTC hour, level and location', async () => {
      const res = await get(`/api/hourly_warning?${WINDOW}`, viewerA);
      expect(res.json()).toEqual({
        items: [
          { hour: '2025-07-01T10:00:00.000Z', location_id: siteA, level: 1, count: 1 },
          { hour: '2025-07-01T10:00:00.000Z', location_id: siteA, level: 3, count: 2 },
          { hour: '2025-07-01T11:00:00.000Z', location_id: fieldA, level: 1, count: 1 },
        ],
      });
      const one = (await get(`/api/hourly_warning?${WINDOW}&location_id=${fieldA}`, viewerA)).json();
      expect(one.items).toEqual([
        { hour: '2025-07-01T11:00:00.000Z', location_id: fieldA, level: 1, count: 1 },
      ]);
      const b = (await get(`/api/hourly_warning?${WINDOW}`, viewerB)).json();
      expect(b.items).toEqual([{ hour: '2025-07-01T10:00:00.000Z', location_id: siteB, level: 3, count: 1 }]);
    });

    it('refuses windows over 31 days and backwards windows', async () => {
      const big = await get('/api/hourly_warning?from=2025-05-01T00:00:00Z&to=2025-06-02T00:00:00Z', viewerA);
      expect(big.statusCode).toBe(400);
      expect(big.json().error.code).toBe('warning.window_too_large');
      const ok = await get('/api/hourly_warning?from=2025-05-01T00:00:00Z&to=2025-06-01T00:00:00Z', viewerA);
      expect(ok.statusCode).toBe(200);
      const back = await get(
        '/api/hourly_warning?from=2025-07-02T00:00:00Z&to=2025-07-01T00:00:00Z',
        viewerA,
      );
      expect(back.json().error.details).toEqual([{ field: 'to', message: 'must be after from' }]);
    });
  });
});
