import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf-text.js';
import { insertAlert } from '../../warnings/alerts/fixtures/warning-rows.js';

const NOW = new Date('2026-07-05T00:00:00Z');
const CHROMIUM = existsSync('/usr/bin/chromium');
if (!CHROMIUM)
  console.log('[insight] /usr/bin/chromium missing: PDFs are checked to be refused, not printed');
const cg = (time: string, lat = 23.13, lon = 113.26, peak_ka = -20) => ({
  time,
  lat,
  lon,
  peak_ka,
  type: 'CG',
});
// Near the Tower (113.26 E, 23.13 N): one flash of three strokes on 10 June, single-stroke flashes on 12 and
// 20 June (local days); one IC; one CG in Shenzhen, 100 km away.
const STROKES = [
  cg('2026-06-10T04:00:00.000Z'),
  cg('2026-06-10T04:00:00.080Z', 23.131, 113.261, -35),
  cg('2026-06-10T04:00:00.160Z', 23.132, 113.262, -12),
  cg('2026-06-12T04:00:00Z', 23.15, 113.3, 95),
  cg('2026-06-20T04:00:00Z', 23.1, 113.25),
  { ...cg('2026-06-20T05:00:00Z'), type: 'IC' },
  cg('2026-06-21T05:00:00Z', 22.55, 114.06),
];

describe.each(DB_KINDS)('insight reports (%s)', (kind) => {
  let t: TestApp;
  let operator: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let tower: number;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['report-scheduler', 'report-jobs'],
      now: () => NOW,
      env: { REPORT_POLL_MS: '200' },
    });
    const key = await t.createFeed('insight-net');
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: STROKES,
    });
    expect(res.json()).toMatchObject({ accepted: STROKES.length });
    groupId = await t.createGroup(`ins-${kind}`);
    operator = await t.createUser({ role: 'operator', groupId });
    viewer = await t.createUser({ role: 'viewer', groupId });
    outsider = await t.createUser({ role: 'operator', groupId: await t.createGroup(`ins2-${kind}`) });
    tower = (
      await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: operator.access,
        payload: { name: '塔台', name_en: 'Tower', shape: { type: 'Point', coordinates: [113.26, 23.13] } },
      })
    ).json().id;
    await insertAlert(t.db, {
      locationId: tower,
      groupId,
      startedAt: '2026-06-10T03:50:00Z',
      endedAt: '2026-06-10T05:00:00Z',
      peakLevel: 3,
    });
    // 1 July 04:00 in Beijing, still 30 June (13:00) in Los Angeles.
    await insertAlert(t.db, {
      locationId: tower,
      groupId,
      startedAt: '2026-06-30T20:00:00Z',
      endedAt: '2026-06-30T20:30:00Z',
      peakLevel: 2,
    });
  });
  afterAll(() => t.close());

  const make = (payload: object, user = operator) =>
    t.call({ method: 'POST', url: '/api/insight/report/', token: user.access, payload });
  const done = async (payload: object) => {
    const res = await make(payload);
    expect(res.statusCode, res.body).toBe(202);
    let report = res.json();
    for (let i = 0; (report.status === 'queued' || report.status === 'running') && i < 150; i++) {
      await new Promise((r) => setTimeout(r, 100));
      report = (
        await t.call({ method: 'GET', url: `/api/insight/report/${report.id}`, token: operator.access })
      ).json();
    }
    expect(report.status, JSON.stringify(report.error)).toBe('done');
    return report;
  };
  const html = async (id: number) =>
    (await t.call({ method: 'GET', url: `/api/insight/report/${id}/html`, token: viewer.access })).body;

  it('lists the templates with their parameters', async () => {
    const list = (
      await t.call({ method: 'GET', url: '/api/insight/parameter/', token: viewer.access })
    ).json();
    expect(list.items.map((i: { template: string }) => i.template)).toEqual([
      'region_monthly',
      'site_annual',
      'group_warning',
    ]);
  });

  it('makes a site’s annual protection report: Ng from flashes, thunderstorm days, the largest strokes', async () => {
    const report = await done({ template: 'site_annual', location_id: tower, year: 2026, language: 'en' });
    // The site by its English name in English, by its own in Chinese.
    expect(report.title).toBe('Lightning protection report: Tower, 2026');
    const zh = await done({ template: 'site_annual', location_id: tower, year: 2026, language: 'zh-Hans' });
    expect(zh.title).toBe('塔台防雷年度报告（2026 年）');
    const page = await html(report.id);
    // Three CG flashes within 10 km: 3 / (π · 10²) = 0.0095 flashes/km²; three local days with CG.
    expect(page).toContain('<dt>Ground flash density Ng (flashes/km²/year)</dt><dd>0.01</dd>');
    expect(page).toContain('<dt>Thunderstorm days</dt><dd>3</dd>');
    expect(page).toContain('<dt>CG strokes</dt><dd>5</dd>');
    expect(page).toContain('<svg');
    expect(page).not.toContain('<script');
    const sheets = (
      await t.call({ method: 'GET', url: `/api/insight/report/${report.id}/sheets`, token: viewer.access })
    ).json();
    expect(sheets.sheets[0].rows[5]).toEqual([6, 5, 1]);
    // The strongest stroke at 04:00 UTC, in the report's zone (Beijing).
    expect(sheets.sheets[1].rows[0]).toEqual(['2026-06-12 12:00:00', 23.15, 113.3, 95, 'CG']);
    expect(sheets.sheets[1].columns[0]).toBe('Time (Asia/Shanghai)');
  });

  it('makes a province’s monthly report in Chinese, with a PDF where Chromium is', async () => {
    const report = await done({
      template: 'region_monthly',
      region: '440000',
      month: '2026-06',
      language: 'zh-Hans',
    });
    expect(report.title).toBe('广东雷电月报（2026-06）');
    const page = await html(report.id);
    expect(page).toContain('<dt>回击数</dt><dd>7</dd>');
    const sheets = (
      await t.call({ method: 'GET', url: `/api/insight/report/${report.id}/sheets`, token: viewer.access })
    ).json();
    expect(sheets.sheets.map((s: { title: string }) => s.title)).toEqual(['逐日闪电数', '各城市闪电数']);
    expect(sheets.sheets[1].rows.map((r: unknown[]) => [r[0], r[1]])).toEqual([
      ['广州', 6],
      ['深圳', 1],
    ]);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/insight/report/${report.id}/pdf`,
      token: viewer.access,
    });
    if (CHROMIUM) {
      expect(report.has_pdf).toBe(true);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Chinese that reads as Chinese on any server: the report's own font is embedded (not a system one),
      // and the text extracts; the first page is filled, not half blank before a figure.
      expect(pdf.rawPayload.toString('latin1')).toMatch(/\/BaseFont\s*\/[A-Z]{6}\+NotoSansSC/);
      const pages = await pdfPages(pdf.rawPayload);
      expect(pages[0]?.text).toContain('广东雷电月报（2026-06）');
      expect(pages[0]?.text).toContain('回击数');
      if (pages.length > 1) expect(pages[0]?.reach).toBeGreaterThan(0.6);
    } else {
      expect(pdf.statusCode).toBe(409);
      expect(report.pdf_note).toContain('not configured');
    }
  });

  it('makes a group’s warning performance report from its sheets', async () => {
    const report = await done({ template: 'group_warning', month: '2026-06', language: 'en' });
    const sheets = (
      await t.call({ method: 'GET', url: `/api/insight/report/${report.id}/sheets`, token: viewer.access })
    ).json();
    expect(sheets.sheets[0].title).toBe('Alerts per location');
    expect(sheets.sheets[0].rows[0].slice(1, 5)).toEqual(['Tower', 1, 3, 1]);
    expect(await html(report.id)).toContain('<dt>Red episodes</dt><dd>1</dd>');
    expect(report.parameters.time_zone).toBe('Asia/Shanghai');
  });

  it('counts a group’s month in the report’s zone', async () => {
    const report = await done({
      template: 'group_warning',
      month: '2026-06',
      language: 'en',
      time_zone: 'America/Los_Angeles',
    });
    const sheets = (
      await t.call({ method: 'GET', url: `/api/insight/report/${report.id}/sheets`, token: viewer.access })
    ).json();
    // The episode of 30 June 13:00 there is June's in Los Angeles (July's in Beijing).
    expect(sheets.sheets[0].rows[0].slice(1, 5)).toEqual(['Tower', 2, 3, 1]);
    const page = await html(report.id);
    expect(page).toContain('(local time, America/Los_Angeles)');
    // Made at the test clock's 5 July 00:00 UTC: 4 July 17:00 there.
    expect(page).toContain('Generated by Thunderwatch at 2026-07-04 17:00 (America/Los_Angeles)');
  });

  it('keeps reports to their group and makes only for those who may', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/insight/report/', token: viewer.access })).json();
    // The five made above, all the group's.
    expect(list.total).toBe(5);
    const id = list.items[0].id;
    expect(
      (await t.call({ method: 'GET', url: `/api/insight/report/${id}`, token: outsider.access })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/insight/report/${id}/html`, token: outsider.access }))
        .statusCode,
    ).toBe(404);
    expect(
      (await make({ template: 'group_warning', month: '2026-06', language: 'en' }, viewer)).statusCode,
    ).toBe(403);
  });

  it.each([
    [{ template: 'group_warning', month: '2026-08', language: 'en' }, 400, 'month'],
    [{ template: 'group_warning', month: '2026-13', language: 'en' }, 400, 'month'],
    [{ template: 'site_annual', location_id: 1, year: 2027, language: 'en' }, 400, 'year'],
    [{ template: 'region_monthly', region: '990000', month: '2026-06', language: 'en' }, 404, 'region'],
    [{ template: 'region_monthly', region: '440000', month: '2026-06', language: 'fr' }, 400, 'language'],
  ])('refuses %j with %i naming %s', async (payload, status, word) => {
    const res = await make(payload);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(word);
  });

  it('answers 404 to an administrator’s group report of a group that does not exist', async () => {
    // It failed the insert's foreign key with 500 (found by the HTTP fuzz bench).
    const admin = await t.createUser({ role: 'admin', groupId });
    const res = await make(
      { template: 'group_warning', month: '2026-06', language: 'en', group_id: 780_471 },
      admin,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('group.not_found');
  });

  it('refuses another group’s location', async () => {
    expect(
      (await make({ template: 'site_annual', location_id: tower, year: 2026, language: 'en' }, outsider))
        .statusCode,
    ).toBe(404);
  });

  it('queues each schedule’s report of the month before once, for group admins’ schedules only', async () => {
    const boss = await t.createUser({ role: 'group_admin', groupId });
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: boss.access,
      payload: {
        name: 'Monthly readers',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    const input = {
      parameters: { template: 'group_warning', language: 'en' },
      day_of_month: 3,
      hour: 8,
      list_id: list.json().id,
    };
    const post = (payload: object, user = boss) =>
      t.call({ method: 'POST', url: '/api/insight/report/schedules', token: user.access, payload });
    expect((await post(input, operator)).statusCode).toBe(403);
    expect((await post({ ...input, day_of_month: 29 })).statusCode).toBe(400);
    expect((await post({ ...input, list_id: 999999 })).statusCode).toBe(404);
    expect(
      (await post({ ...input, parameters: { template: 'site_annual', language: 'en' } })).statusCode,
    ).toBe(400);
    const made = await post(input);
    expect(made.statusCode, made.body).toBe(201);
    const scheduler = t.app.services.reportScheduler;
    expect(await scheduler.check()).toBe(1);
    expect(await scheduler.check()).toBe(0);
    const schedules = (
      await t.call({ method: 'GET', url: '/api/insight/report/schedules', token: viewer.access })
    ).json();
    expect(schedules.items).toEqual([
      expect.objectContaining({ id: made.json().id, last_period: '2026-06', time_zone: 'Asia/Shanghai' }),
    ]);
    const reports = (
      await t.call({ method: 'GET', url: '/api/insight/report/', token: viewer.access })
    ).json();
    expect(reports.items[0]).toMatchObject({
      schedule_id: made.json().id,
      parameters: { template: 'group_warning', month: '2026-06' },
    });
    const del = await t.call({
      method: 'DELETE',
      url: `/api/insight/report/schedules/${made.json().id}`,
      token: boss.access,
    });
    expect(del.statusCode).toBe(200);
  });
  it('makes a report its node died with again, up to three times, then gives it up with a code the screen words', {
    timeout: 60_000,
  }, async () => {
    // As a node that died mid-run leaves a report: running, its lease run out, taken up `attempts` times.
    const diedWith = async (attempts: number) => {
      const r = await t.db.query<{ id: number }>(
        `INSERT INTO reports (group_id, template, parameters, title, status, created_by, lease_until, created_at, attempts)
         SELECT group_id, template, parameters, title, 'running', created_by, $1, $1, $2
         FROM reports WHERE status = 'done' AND created_by = $3 ORDER BY id LIMIT 1
         RETURNING id::float8 AS id`,
        [new Date(NOW.getTime() - 120_000), attempts, operator.id],
      );
      expect(r.rows).toHaveLength(1);
      return r.rows[0]?.id as number;
    };
    const read = async (id: number) => {
      await t.app.services.reportWorker.kick();
      return (
        await t.call({ method: 'GET', url: `/api/insight/report/${id}`, token: operator.access })
      ).json();
    };
    const twice = await diedWith(2);
    await expect.poll(async () => (await read(twice)).status, { timeout: 20_000 }).toBe('done');
    const thrice = await diedWith(3);
    await expect.poll(async () => (await read(thrice)).status, { timeout: 20_000 }).toBe('failed');
    expect((await read(thrice)).error).toEqual({ code: 'report.abandoned', params: { attempts: 3 } });
  });
});
