import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RaisedAlarm } from '@thunderwatch/domain/warnings/raised-alarm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../../db/database.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.js';
import type { SiteEvent } from '../alarm-outbox.js';
import type {
  FlightAlarmFacts,
  TyphoonAlarmFacts,
  WaveAlarmFacts,
  WeatherWarningAlarmFacts,
} from '../channels/delivery-channel.js';

const MIN = 60_000;
/** The default budget: 20 messages per recipient and channel in each 10-minute window. */
const BUDGET = 20;

/**
 * The per-recipient budget: one CAP feed (or a storm) that raises dozens of events must not send a viewer
 * or a webhook dozens of messages. Beyond 20 in a 10-minute window the rest are folded into one digest per
 * recipient, sent when the window ends, whatever the event kind; a red lightning alarm always goes.
 */
describe.each(DB_KINDS)('the per-recipient message budget (%s)', (kind) => {
  let t: TestApp;
  // 10:00:00 in Shanghai, the start of a 10-minute window.
  let clock = Date.parse('2026-11-23T02:00:00Z');
  let groupId: number;
  let boss: TestUser;
  let site = 0;
  let lastId = 0;
  const hooks: { path: string; json: Record<string, unknown> }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', json: JSON.parse(body) });
      res.writeHead(200).end();
    });
  });
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await startTestApp(kind, {
      now: () => new Date(clock),
      env: { NOTIFY_WORKER: 'off', ALLOW_PRIVATE_WEBHOOKS: 'true' },
    });
    groupId = await t.createGroup(`budget-${kind}`);
    boss = await t.createUser({ role: 'group_admin', groupId });
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  /** A site, a viewer reading `language`, and a list sending the site's events to them and to a webhook. */
  const setUp = async (language: 'en' | 'zh-Hans') => {
    site += 1;
    const loc = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: boss.access,
      payload: {
        name: `Site ${site}`,
        shape: { type: 'Point', coordinates: [100 + site, 20 + site] },
        rings: [
          { radius_km: 10, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true },
        ],
      },
    });
    expect(loc.statusCode, loc.body).toBe(201);
    const viewer = await t.createUser({ role: 'viewer', groupId });
    await t.db.query('UPDATE users SET language = $2 WHERE id = $1', [viewer.id, language]);
    const hook = `${base}/hook-${site}?token=s3cr3t-${site}`;
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: boss.access,
      payload: {
        name: `List ${site}`,
        locations: [loc.json().id],
        min_level: 1,
        channels: ['inapp', 'webhook'],
        recipients: [
          { kind: 'user', value: String(viewer.id) },
          { kind: 'webhook', value: hook },
        ],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    return { locationId: loc.json().id as number, name: `Site ${site}`, viewer, hookPath: `/hook-${site}` };
  };

  type Site = Awaited<ReturnType<typeof setUp>>;
  const at = (i: number) => new Date(clock + i * 1000);
  const facts = (s: Site, i: number) => ({
    location_id: s.locationId,
    location_name: s.name,
    at: at(i).toISOString(),
  });

  /** `n` events of a kind at a site, one a second from the clock, written as the kind's module does. */
  const raise = async (kindName: string, s: Site, n: number, level: 2 | 3 = 2): Promise<void> => {
    const outbox = t.app.services.alarmOutbox;
    const ids = Array.from({ length: n }, () => {
      lastId += 1;
      return lastId;
    });
    await t.db.transaction(async (tx: Queryable) => {
      const events = <F>(f: (id: number, i: number) => Omit<F, 'board_url'>): SiteEvent<F>[] =>
        ids.map((id, i) => ({ groupId, at: at(i), facts: f(id, i) }));
      switch (kindName) {
        case 'weather_warning':
          await outbox.enqueueEvents(
            tx,
            'weather_warning',
            events<WeatherWarningAlarmFacts>((id, i) => ({
              ...facts(s, i),
              weather_warning_alarm_id: id,
              warning_id: id,
              kind: 'lightning',
              colour: 'orange',
              event: `Thunderstorm ${id}`,
              headline: null,
              sender: 'cap@test',
              level: level === 3 ? 3 : 2,
              expires: null,
            })),
          );
          return;
        case 'typhoon':
          await outbox.enqueueEvents(
            tx,
            'typhoon',
            events<TyphoonAlarmFacts>((id, i) => ({
              ...facts(s, i),
              typhoon_alarm_id: id,
              storm_id: `T${id}`,
              storm_name_en: 'Test',
              storm_name_zh: '测试',
              grade: 'TY',
              level,
              inside_gale: false,
              distance_km: 100,
              closest_at: at(i).toISOString(),
            })),
          );
          return;
        case 'wave':
          await outbox.enqueueEvents(
            tx,
            'wave',
            events<WaveAlarmFacts>((id, i) => ({
              ...facts(s, i),
              wave_alarm_id: id,
              station_id: 'W1',
              station_name: 'Buoy',
              level,
              height_m: 3,
              threshold_m: 2,
              distance_km: 5,
              reading_at: at(i).toISOString(),
            })),
          );
          return;
        case 'flight':
          await outbox.enqueueEvents(
            tx,
            'flight',
            events<FlightAlarmFacts>((id, i) => ({
              ...facts(s, i),
              flight_alarm_id: id,
              icao24: `a${id}`,
              callsign: `CES${id}`,
              airport_icao: 'ZSPD',
              level,
              distance_km: 8,
              altitude_m: 900,
              cell_id: null,
            })),
          );
          return;
        case 'alarm':
        case 'efm': {
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO alerts (location_id, group_id, started_at, ended_at, peak_level)
             VALUES ($1, $2, $3, $3, 3) RETURNING id`,
            [s.locationId, groupId, at(0)],
          );
          const alertId = Number(rows[0]?.id);
          const alarms = await tx.query<{ id: string; created_at: Date }>(
            `INSERT INTO alarms (alert_id, location_id, group_id, level, previous_level, created_at)
             SELECT $1, $2, $3, $4, 1, $5::timestamptz + make_interval(secs => i)
             FROM generate_series(0, $6 - 1) AS i ORDER BY i RETURNING id, created_at`,
            [alertId, s.locationId, groupId, level, at(0), n],
          );
          const raised: RaisedAlarm[] = alarms.rows.map((a) => ({
            id: Number(a.id),
            alertId,
            locationId: s.locationId,
            locationName: s.name,
            locationNameEn: null,
            groupId,
            level,
            previousLevel: 1,
            at: a.created_at,
            nearestKm: kindName === 'efm' ? null : 4,
            bearingDeg: null,
            predictedBy: null,
            efmKvm: kindName === 'efm' ? 6.5 : null,
          }));
          await outbox.enqueue(tx, raised, () => null);
          return;
        }
        default:
          throw new Error(`no such kind ${kindName}`);
      }
    });
    t.app.services.alarmOutbox.committed();
  };

  /** A minute later (the events came one a second from the clock), everything due is sent. */
  const deliver = async () => {
    clock += MIN;
    await t.app.services.deliveryWorker.runOnce();
  };
  /** To the start of the next 10-minute window, so a test's events share one. */
  const nextWindow = () => {
    clock = Math.ceil((clock + 1) / (10 * MIN)) * 10 * MIN;
  };
  const inbox = async (user: TestUser) =>
    (
      await t.db.query<{ event: string; title: string; body: string }>(
        'SELECT event, title, body FROM notifications WHERE user_id = $1 ORDER BY id',
        [user.id],
      )
    ).rows;
  const hooksOf = (s: Site) => hooks.filter((h) => h.path.startsWith(s.hookPath));

  it('gives a viewer of 50 weather warnings 20 messages and one digest in their language, then again normally', async () => {
    const s = await setUp('en');
    await raise('weather_warning', s, 50);
    await deliver();
    expect((await inbox(s.viewer)).length).toBe(BUDGET);
    expect(hooksOf(s).length).toBe(BUDGET);

    // The folded ones are in the records, pointing at their digest, which waits for the window's end.
    const folded = await t.call({
      method: 'GET',
      url: '/api/notification/deliveries?status=folded&channel=inapp&limit=100',
      token: s.viewer.access,
    });
    expect(folded.statusCode, folded.body).toBe(200);
    expect(folded.json().total).toBe(30);
    const digestIds = new Set(folded.json().items.map((r: { digest_id: number }) => r.digest_id));
    expect(digestIds.size).toBe(1);
    expect([...digestIds][0]).toEqual(expect.any(Number));

    clock += 10 * MIN;
    await deliver();
    const messages = await inbox(s.viewer);
    expect(messages.length).toBe(BUDGET + 1);
    const digest = messages.at(-1);
    expect(digest).toMatchObject({ event: 'digest', title: '30 more alerts since 10:00' });
    expect(digest?.body).toContain('30 weather warnings');
    expect(digest?.body).toContain(s.name);
    const hookDigests = hooksOf(s).filter((h) => h.json.event === 'digest');
    expect(hookDigests).toHaveLength(1);
    expect(hookDigests[0]?.json.digest).toMatchObject({ count: 30, by_kind: { weather_warning: 30 } });

    // A new window: messages go one by one again.
    await raise('weather_warning', s, 3);
    await deliver();
    expect((await inbox(s.viewer)).length).toBe(BUDGET + 1 + 3);
    clock += 10 * MIN;
    await deliver();
    expect((await inbox(s.viewer)).length).toBe(BUDGET + 1 + 3);
    expect(hooksOf(s).length).toBe(BUDGET + 1 + 3);
  });

  it('writes the digest in Chinese for a reader of Chinese, times in their zone', async () => {
    nextWindow();
    const s = await setUp('zh-Hans');
    await raise('flight', s, 25);
    clock += 10 * MIN;
    await deliver();
    // The window's messages and its digest are sent in one pass, side by side: find the digest by its event.
    const digests = (await inbox(s.viewer)).filter((m) => m.event === 'digest');
    expect(digests).toHaveLength(1);
    const digest = digests[0];
    expect(digest?.title).toMatch(/^自 \d\d:\d\d 起另有 5 条预警$/);
    expect(digest?.body).toContain('航班进入雷暴单体 5 条');
  });

  /** How the site's deliveries (the digest's too) went, per channel and status. */
  const outcomes = async (s: Site) =>
    (
      await t.db.query<{ channel: string; status: string; n: number }>(
        `SELECT channel, status, count(*)::int AS n FROM deliveries
         WHERE location_id = $1 OR id IN (SELECT digest_id FROM deliveries WHERE location_id = $1)
         GROUP BY channel, status ORDER BY channel, status`,
        [s.locationId],
      )
    ).rows;

  // Lightning alarms of one site and level within 5 min are also held back as duplicates (the duplicate
  // window, after the budget): the rows, not the inbox, show what the budget did with them.
  it.each([
    ['alarm', 'lightning alarms', 'suppressed'],
    ['efm', 'field-mill alarms', 'suppressed'],
    ['typhoon', 'typhoon alarms', 'sent'],
    ['wave', 'sea-wave alarms', 'sent'],
    ['flight', 'flights in storm cells', 'sent'],
    ['weather_warning', 'weather warnings', 'sent'],
  ])('folds %s beyond the budget for the inbox and the webhook alike', async (kindName, words, rest) => {
    nextWindow();
    const s = await setUp('en');
    await raise(kindName, s, BUDGET + 7);
    await deliver();
    clock += 10 * MIN;
    await deliver();
    const told =
      rest === 'sent'
        ? [{ status: 'sent', n: BUDGET + 1 }]
        : [
            { status: 'sent', n: 2 },
            { status: 'suppressed', n: BUDGET - 1 },
          ];
    expect(await outcomes(s)).toEqual(
      ['inapp', 'webhook'].flatMap((channel) =>
        [{ status: 'folded', n: 7 }, ...told]
          .map((o) => ({ channel, ...o }))
          .sort((a, b) => a.status.localeCompare(b.status)),
      ),
    );
    const digest = (await inbox(s.viewer)).at(-1);
    expect(digest?.event).toBe('digest');
    expect(digest?.title).toMatch(/^7 more alerts since \d\d:\d0$/);
    expect(digest?.body).toContain(`7 ${words}`);
    const hook = hooksOf(s).at(-1);
    expect(hook?.json).toMatchObject({ event: 'digest', digest: { count: 7 } });
  });

  it('never folds a red lightning alarm: it goes over a used-up budget', async () => {
    nextWindow();
    const s = await setUp('en');
    await raise('weather_warning', s, BUDGET + 2);
    await raise('alarm', s, 1, 3);
    await deliver();
    const messages = await inbox(s.viewer);
    expect(messages.filter((m) => m.event === 'alarm')).toHaveLength(1);
    expect(messages.filter((m) => m.event === 'weather_warning')).toHaveLength(BUDGET);
    expect(hooksOf(s).filter((h) => h.json.event === 'alarm')).toHaveLength(1);
  });
});
