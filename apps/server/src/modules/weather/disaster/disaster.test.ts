import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { NotificationPayload } from '../../notify/delivery/channels/delivery-channel.js';

const MIN = 60_000;
const SHENZHEN = { lon: 114.06, lat: 22.6 };
const ZHUHAI = { lon: 113.55, lat: 22.27 };
const GUANGZHOU = { lon: 113.26, lat: 23.13 };

interface Warning {
  id: number;
  region: { code: string; province: string; name_zh: string; name_en: string };
  level: number;
  peak_level: number;
  factors: Record<string, unknown> & { reasons: string[]; cg_flashes_1h: number };
  cleared_at: string | null;
  geometry?: { type: string };
}

describe.each(DB_KINDS)('disaster warnings (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  let operator: TestUser;
  const clock = { now: new Date() };
  const sites: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['disaster-warnings'], now: () => clock.now });
    feed = await t.createFeed('disaster');
    const groupId = await t.createGroup(`disaster-${kind}`);
    const manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    for (const [name, p] of [
      ['Shenzhen site', SHENZHEN],
      ['Zhuhai site', ZHUHAI],
      ['Guangzhou site', GUANGZHOU],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: { name, shape: { type: 'Point', coordinates: [p.lon, p.lat] } },
      });
      expect(res.statusCode, res.body).toBe(201);
      sites[name] = res.json().id;
    }
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Disaster duty',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
  });
  afterAll(() => t.close());

  /** `n` CG strokes 3 s apart (each its own flash) in a 0.1° box around `p`, the last a minute ago. */
  const strike = async (p: { lon: number; lat: number }, n: number, peakKa = -30) => {
    const end = clock.now.getTime() - MIN;
    const strokes = Array.from({ length: n }, (_, i) => ({
      time: new Date(end - (n - 1 - i) * 3000).toISOString(),
      lat: p.lat + ((i * 37) % 100) / 1000 - 0.05,
      lon: p.lon + ((i * 61) % 100) / 1000 - 0.05,
      peak_ka: peakKa,
      type: 'CG',
    }));
    expect(await t.ingest(feed, strokes)).toBe(n);
  };
  const evaluate = () => t.app.services.disasterEvaluator.evaluate();
  const list = async (query = '') => {
    const res = await t.call({
      method: 'GET',
      url: `/api/disaster_warning/${query}`,
      token: operator.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Warning[]; evaluated_at: string | null };
  };
  // The demo group's sites (seeded) may lie in the same cities: only this group's deliveries count here.
  const deliveries = async () =>
    (
      await t.db.query<{ location_id: number; level: number; payload: NotificationPayload }>(
        `SELECT location_id::float8 AS location_id, level, payload FROM deliveries
          WHERE event = 'disaster' AND location_id = ANY($1::bigint[]) ORDER BY id`,
        [Object.values(sites)],
      )
    ).rows;

  it('warns a city from its CG flash density, and tells the people of the sites inside it', async () => {
    await strike(SHENZHEN, 100);
    expect(await evaluate()).toEqual({ issued: 1, raised: 0, cleared: 0, open: 1 });
    const { items, evaluated_at } = await list();
    expect(evaluated_at).toBe(clock.now.toISOString());
    expect(items).toHaveLength(1);
    const w = items[0] as Warning;
    // 100 flashes over Shenzhen's ~2,100 km² in the hour: 0.047 /km², level 3 (orange).
    expect(w).toMatchObject({
      region: { code: '440300', province: '440000', name_zh: '深圳', name_en: 'Shenzhen' },
      level: 3,
      peak_level: 3,
      cleared_at: null,
    });
    expect(w.factors).toMatchObject({ cg_flashes_1h: 100, cg_flashes_3h: 100, max_abs_ka: 30 });
    expect(w.factors.reasons).toEqual(['density_1h']);
    const sent = await deliveries();
    expect(sent.map((d) => d.location_id)).toEqual([sites['Shenzhen site']]);
    // Orange on the lists' scale (1 yellow, 2 orange, 3 red).
    expect(sent[0]?.level).toBe(2);
  });

  it('renders the message in Chinese and English', async () => {
    const [d] = await deliveries();
    if (!d) throw new Error('no delivery');
    const zh = MESSAGES.text(d.payload, 'zh-Hans', 'Asia/Shanghai');
    expect(zh.title).toBe('雷电灾害橙色预警 · 深圳 · Shenzhen site');
    expect(zh.body).toContain('近 1 小时地闪 100 次');
    const en = MESSAGES.text(d.payload, 'en', 'Asia/Shanghai');
    expect(en.title).toBe('Orange lightning disaster warning · Shenzhen · Shenzhen site');
    expect(en.body).toContain('100 CG flashes in the last hour, strongest 30 kA');
  });

  it('tells nobody again while the level holds, and again when it rises', async () => {
    expect(await evaluate()).toEqual({ issued: 0, raised: 0, cleared: 0, open: 1 });
    expect(await deliveries()).toHaveLength(1);
    // One stroke of 180 kA: a level up.
    await strike(SHENZHEN, 1, 180);
    expect(await evaluate()).toEqual({ issued: 0, raised: 1, cleared: 0, open: 1 });
    const [w] = (await list()).items;
    expect(w).toMatchObject({ level: 4, peak_level: 4 });
    expect(w?.factors.reasons).toEqual(['density_1h', 'peak_current']);
    const sent = await deliveries();
    expect(sent).toHaveLength(2);
    const raised = sent[1]?.payload;
    expect(raised?.event === 'disaster' && raised.disaster.previous_level).toBe(3);
    expect(MESSAGES.text(raised as NotificationPayload, 'en', 'UTC').body).toContain('(raised from Orange)');
  });

  it('warns a city a jumping cell is nowcast to reach within 30 min', async () => {
    const step = new Date(clock.now.getTime() - MIN);
    const d = 0.05;
    const ring = [
      [ZHUHAI.lon - d, ZHUHAI.lat - d],
      [ZHUHAI.lon + d, ZHUHAI.lat - d],
      [ZHUHAI.lon + d, ZHUHAI.lat + d],
      [ZHUHAI.lon - d, ZHUHAI.lat + d],
      [ZHUHAI.lon - d, ZHUHAI.lat - d],
    ];
    const feature = {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        id: 'c1',
        jump: true,
        cg_rate_per_min: 1,
        nowcast: [{ lead_min: 30, geometry: { type: 'Polygon', coordinates: [ring] } }],
      },
    };
    await t.db.query(
      `INSERT INTO cell_steps (time, features, cell_count, jumps) VALUES ($1, $2::jsonb, 1, 1)`,
      [step, JSON.stringify([feature])],
    );
    await evaluate();
    const zhuhai = (await list()).items.find((w) => w.region.code === '440400');
    expect(zhuhai).toMatchObject({
      level: 2,
      factors: { cells_30: 1, severe_cells_30: 1, reasons: ['nowcast_30'] },
    });
    expect((await deliveries()).map((x) => x.location_id)).toContain(sites['Zhuhai site']);
    expect((await deliveries()).map((x) => x.location_id)).not.toContain(sites['Guangzhou site']);
  });

  it('lists by level and province, with the boundary on request, and refuses a bad filter', async () => {
    expect((await list('?level=3')).items.map((w) => w.region.code)).toEqual(['440300']);
    const guangdong = (await list('?province=44')).items.map((w) => w.region.code);
    expect(guangdong).toEqual(expect.arrayContaining(['440300', '440400']));
    expect(guangdong.every((c) => c.startsWith('44'))).toBe(true);
    expect((await list('?province=110000')).items).toHaveLength(0);
    const [first] = (await list('?geometry=1&level=4')).items;
    expect(first?.geometry?.type).toBe('MultiPolygon');
    for (const bad of ['?level=9', '?province=4', '?active=maybe', '?nope=1']) {
      const res = await t.call({
        method: 'GET',
        url: `/api/disaster_warning/${bad}`,
        token: operator.access,
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: '/api/disaster_warning/' })).statusCode).toBe(401);
  });

  it('clears the warnings once the lightning is over 3 h old and the cells are gone', async () => {
    clock.now = new Date(clock.now.getTime() + 4 * 60 * MIN);
    // The cell's +30 min square also reaches a neighbour of Zhuhai: cleared with the others.
    const before = (await list()).items.length;
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await evaluate()).toEqual({ issued: 0, raised: 0, cleared: before, open: 0 });
    expect((await list()).items).toHaveLength(0);
    const cleared = (await list('?active=0')).items;
    expect(cleared.map((w) => w.region.code)).toEqual(expect.arrayContaining(['440300', '440400']));
    expect(cleared.every((w) => w.cleared_at === clock.now.toISOString())).toBe(true);
  });
});
