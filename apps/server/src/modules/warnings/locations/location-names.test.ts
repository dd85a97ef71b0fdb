import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { jsonStroke } from '../../../test/strokes.js';

const KM = 1 / 110.75;
const [LON, LAT] = [113.3, 23.1];
const POINT = { type: 'Point', coordinates: [LON, LAT] };

/**
 * A site's two names (issue 32, migration 044): `name` as its group gave it, `name_en` its English one. Both
 * go through the API; an alarm tells each reader the name in their language.
 */
describe.each(DB_KINDS)('location names (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-23T02:00:00Z');
  let boss: TestUser;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) =>
    t.call({ method, url, token: user.access, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine'],
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off' },
    });
    // The group's duty list brings its alarms to its administrator's inbox.
    boss = await t.createUser({
      role: 'group_admin',
      groupId: await t.createGroup(`names-${kind}`, { dutyList: true }),
    });
  });
  afterAll(() => t.close());

  it('keeps the English name beside the own one: created, read, searched, kept, cleared', async () => {
    const made = await call('POST', '/api/locations/', boss, {
      name: '南沙港',
      name_en: '  Nansha Port ',
      shape: POINT,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: '南沙港', name_en: 'Nansha Port' });
    const id = made.json().id;
    expect((await call('GET', `/api/locations/${id}`, boss)).json().name_en).toBe('Nansha Port');
    // Either name finds it.
    for (const q of ['nansha', '南沙']) {
      const found = (await call('GET', `/api/locations/?q=${encodeURIComponent(q)}`, boss)).json();
      expect(found.items.map((l: { id: number }) => l.id)).toEqual([id]);
    }
    const put = (payload: object) =>
      call('PUT', `/api/locations/${id}`, boss, { name: '南沙港', ...payload });
    // Left out: kept; blank or null: none.
    expect((await put({ enabled: true })).json().name_en).toBe('Nansha Port');
    expect((await put({ name_en: '   ' })).json().name_en).toBeNull();
    expect((await put({ name_en: 'Nansha' })).json().name_en).toBe('Nansha');
    expect((await put({ name_en: null })).json().name_en).toBeNull();
    const without = await call('POST', '/api/locations/', boss, { name: 'Pier 9', shape: POINT });
    expect(without.json().name_en).toBeNull();
  });

  it('refuses an English name longer than the column takes with 400 naming it, not a 500', async () => {
    const long = 'n'.repeat(101);
    const made = await call('POST', '/api/locations/', boss, { name: 'x', name_en: long, shape: POINT });
    expect(made.statusCode).toBe(400);
    expect(made.json().error.code).toBe('validation.failed');
    expect(made.body).toContain('name_en');
    const id = (await call('POST', '/api/locations/', boss, { name: '南沙港', shape: POINT })).json().id;
    const put = await call('PUT', `/api/locations/${id}`, boss, { name: '南沙港', name_en: long });
    expect(put.statusCode).toBe(400);
    expect(put.body).toContain('name_en');
    // 100 characters are what it takes.
    const edge = await call('PUT', `/api/locations/${id}`, boss, {
      name: '南沙港',
      name_en: 'n'.repeat(100),
    });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('names the site in each reader’s language: the board, the alarm, its message and history', async () => {
    const made = await call('POST', '/api/locations/', boss, {
      name: '黄埔码头',
      name_en: 'Huangpu Wharf',
      shape: { type: 'Point', coordinates: [LON + 0.5, LAT] },
    });
    const id: number = made.json().id;
    const key = await t.createFeed(`names-${kind}`);
    clock += 60_000;
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: LAT + 3 * KM, lon: LON + 0.5 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.warningEngine.idle();
    await t.app.services.deliveryWorker.runOnce();

    const board = (await call('GET', '/api/warning', boss)).json().items;
    expect(board.find((w: { location_id: number }) => w.location_id === id)).toMatchObject({
      name: '黄埔码头',
      name_en: 'Huangpu Wharf',
      level: 3,
    });
    const alarms = (await call('GET', `/api/alarms/?location_id=${id}`, boss)).json().items;
    expect(alarms[0]).toMatchObject({ location_name: '黄埔码头', location_name_en: 'Huangpu Wharf' });
    const history = (await call('GET', `/api/alert_hist/?location_id=${id}`, boss)).json().items;
    expect(history[0]).toMatchObject({ location_name: '黄埔码头', location_name_en: 'Huangpu Wharf' });

    // The exports: a workbook in one language names the site in it; the CSV carries both names.
    const sheetNames = async (lang: string) => {
      const res = await call('GET', `/api/alert_hist?format=xlsx&lang=${lang}&location_id=${id}`, boss);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]?.getRow(2).getCell(3).value;
    };
    expect(await sheetNames('en')).toBe('Huangpu Wharf');
    expect(await sheetNames('zh-Hans')).toBe('黄埔码头');
    const csv = (await call('GET', `/api/alert_hist?format=csv&location_id=${id}`, boss)).body;
    expect(csv.split('\r\n')[1]).toContain(',黄埔码头,Huangpu Wharf,');

    // The message is worded when read, in the reader's language of the moment.
    const inbox = async (language: string) => {
      await call('POST', '/api/change_profile_by_user', boss, { language, time_zone: 'Asia/Shanghai' });
      const items = (await call('GET', '/api/notification_record', boss)).json().items;
      return items.find((i: { location_id: number }) => i.location_id === id) as {
        title: string;
        body: string;
      };
    };
    const en = await inbox('en');
    expect(en.title).toBe('Red warning · Huangpu Wharf');
    expect(en.body).toContain('Red lightning warning at Huangpu Wharf');
    expect(`${en.title} ${en.body}`).not.toMatch(/[\u3400-\u9fff]/);
    expect((await inbox('zh-Hans')).title).toBe('【雷电红色预警】黄埔码头');
  });
});
