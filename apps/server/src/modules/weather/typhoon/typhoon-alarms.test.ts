import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import type { NotificationPayload } from '../../notify/delivery/channels/delivery-channel.js';

// ATCF b-deck bwp022023.dat (github.com/NRLMMD-GEOIPS/geoips @25da3a42, tests/sectors/tc_bdecks/): MAWAR at
// 2023052412 near Guam with its 34-kt radii (NE 125, SE 120, SW 115, NW 105 nmi); then made-up JTWC forecast
// lines (+12 h, +24 h) heading north-west.
const MAWAR = [
  'WP, 02, 2023052412,   , BEST,   0, 138N, 1447E, 120,  940, TY,  34, NEQ,  125,  120,  115,  105, 1007,  300,  15,   0,   0,   W,   0,    ,   0,   0,      MAWAR, D, ',
  'WP, 02, 2023052412, 03, JTWC,  12, 145N, 1435E, 125,  935, TY',
  'WP, 02, 2023052412, 03, JTWC,  24, 152N, 1420E, 130,  930, TY',
].join('\n');

const DAY = 86_400_000;

describe.each(DB_KINDS)('typhoon alarms (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  let operator: TestUser;
  const clock = { now: new Date('2023-05-24T13:00:00Z') };
  const sites: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => clock.now });
    feed = await t.createFeed('jtwc');
    const groupId = await t.createGroup(`typhoon-${kind}`);
    const manager = await t.createUser({ role: 'group_admin', groupId });
    operator = await t.createUser({ role: 'operator', groupId });
    // Guam is inside MAWAR's gale radius; the site north-west of the forecast's end is 380 km from the
    // centre (outside the gale) but 60 km from the forecast path; Tokyo is 2,400 km away.
    for (const [name, coordinates] of [
      ['Guam', [144.79, 13.48]],
      ['North-west', [141.5, 15.5]],
      ['Tokyo', [139.7, 35.7]],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/locations/',
        token: manager.access,
        payload: { name, shape: { type: 'Point', coordinates } },
      });
      expect(res.statusCode).toBe(201);
      sites[name] = res.json().id;
    }
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Typhoon duty',
        locations: 'all',
        min_level: 2,
        channels: ['inapp'],
        recipients: [{ kind: 'user', value: String(operator.id) }],
      },
    });
    expect(list.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const ingest = (payload = MAWAR) =>
    t.call({
      method: 'POST',
      url: '/api/ingest/typhoon',
      headers: { 'content-type': 'text/plain', 'x-feed-key': feed },
      payload,
    });
  const alarms = async (query = '') => {
    const res = await t.call({
      method: 'GET',
      url: `/api/weather/typhoon/alarms${query}`,
      token: operator.access,
    });
    expect(res.statusCode).toBe(200);
    return res.json().items as {
      storm: { id: string; name_en: string };
      location_id: number;
      location_name: string;
      level: number;
      inside_gale: boolean;
      distance_km: number;
      closest_at: string;
      cleared_at: string | null;
    }[];
  };
  const deliveries = async () =>
    (
      await t.db.query<{ event: string; location_id: number; level: number; payload: NotificationPayload }>(
        `SELECT event, location_id::float8 AS location_id, level, payload FROM deliveries
          WHERE event = 'typhoon' ORDER BY id`,
      )
    ).rows;

  it('raises one alarm for a site inside the gale radius, one for a site near the forecast path, none far away', async () => {
    expect((await ingest()).statusCode).toBe(200);
    const items = await alarms();
    expect(items.map((a) => a.location_name).sort()).toEqual(['Guam', 'North-west']);
    const guam = items.find((a) => a.location_id === sites.Guam);
    expect(guam).toMatchObject({ storm: { id: 'wp022023', name_en: 'MAWAR' }, level: 3, inside_gale: true });
    expect(guam?.distance_km).toBeLessThan(50);
    const nw = items.find((a) => a.location_id === sites['North-west']);
    expect(nw).toMatchObject({ level: 2, inside_gale: false, cleared_at: null });
    expect(nw?.distance_km).toBeLessThan(100);
    // The path reaches it near the forecast's end (+24 h).
    expect(Date.parse(nw?.closest_at ?? '')).toBeGreaterThan(Date.parse('2023-05-25T06:00:00Z'));
    expect(items.some((a) => a.location_id === sites.Tokyo)).toBe(false);

    const sent = await deliveries();
    expect(sent.map((d) => d.location_id).sort()).toEqual([sites.Guam, sites['North-west']].sort());
    expect(sent.find((d) => d.location_id === sites.Guam)?.level).toBe(3);
  });

  it('renders the message in Chinese and English, naming the storm, its grade (120 kt: super typhoon) and the site', async () => {
    const guam = (await deliveries()).find((d) => d.location_id === sites.Guam);
    if (!guam) throw new Error('no delivery for Guam');
    const zh = MESSAGES.text(guam.payload, 'zh-Hans', 'Pacific/Guam');
    expect(zh.title).toBe('台风预警 · MAWAR · Guam');
    expect(zh.body).toMatch(
      /^超强台风MAWAR：Guam已处于其 7 级风圈（34 节）内，预计最近时刻 2023-05-24 22:00。/,
    );
    const en = MESSAGES.text(guam.payload, 'en', 'Pacific/Guam');
    expect(en.title).toBe('Typhoon warning · MAWAR · Guam');
    expect(en.body).toMatch(
      /^Super typhoon MAWAR: Guam is inside its gale \(34-kt\) wind radius, closest around 2023-05-24 22:00\./,
    );
  });

  it('does not repeat an alarm while it holds', async () => {
    clock.now = new Date('2023-05-24T15:00:00Z');
    expect((await ingest()).statusCode).toBe(200);
    expect(await alarms('?active=1')).toHaveLength(2);
    expect(await deliveries()).toHaveLength(2);
  });

  it('sends again, once, when a site near the path comes inside the gale radius', async () => {
    // The next best-track position (made up along the forecast) puts the north-west site 60 km from the centre.
    const next = MAWAR.split('\n')[0]
      ?.replace('2023052412', '2023052500')
      .replace(' 138N, 1447E', ' 152N, 1420E');
    clock.now = new Date('2023-05-25T01:00:00Z');
    for (let i = 0; i < 2; i++) expect((await ingest(`${MAWAR}\n${next}`)).statusCode).toBe(200);
    const nw = (await alarms('?active=1')).find((a) => a.location_id === sites['North-west']);
    expect(nw).toMatchObject({ level: 3, inside_gale: true });
    const sent = (await deliveries()).filter((d) => d.location_id === sites['North-west']);
    expect(sent.map((d) => d.level)).toEqual([2, 3]);
  });

  it('clears the alarms when the storm ends', async () => {
    // No track point for more than a day: the storm is over.
    clock.now = new Date(Date.parse('2023-05-25T00:00:00Z') + 1.5 * DAY);
    expect((await ingest()).statusCode).toBe(200);
    expect(await alarms('?active=1')).toEqual([]);
    const cleared = await alarms('?active=0');
    expect(cleared).toHaveLength(2);
    // Guam was cleared when the storm moved off it; the north-west site now.
    const nw = cleared.find((a) => a.location_id === sites['North-west']);
    expect(nw?.cleared_at).toBe(clock.now.toISOString());
    expect(cleared.find((a) => a.location_id === sites.Guam)?.cleared_at).toBe('2023-05-25T01:00:00.000Z');
    expect(await deliveries()).toHaveLength(3);
  });

  it('refuses a bad filter with 400', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/weather/typhoon/alarms?active=maybe',
      token: operator.access,
    });
    expect(res.statusCode).toBe(400);
  });
});
