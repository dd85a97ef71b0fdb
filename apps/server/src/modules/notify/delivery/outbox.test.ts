import type { DistributionInput } from '@thunderwatch/shared/schemas/distribution';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { RecordingSms } from '../../../test/recording-sms.js';
import { jsonStroke } from '../../../test/strokes.js';

const MIN = 60_000;
const KM = 1 / 110.75;
/** A single red ring clearing one minute after its last stroke. */
const RINGS = [
  { radius_km: 10, level: 3, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true },
];
const YELLOW_RINGS = [
  { radius_km: 10, level: 1, all_clear_min: 1, min_strokes: 1, window_min: 1, include_ic: true },
];

interface DeliveryRow {
  id: string;
  tier: number;
  channel: string;
  recipient_kind: string;
  recipient_value: string;
  status: string;
  reason: string | null;
  attempts: number;
  event: string;
}

describe.each(DB_KINDS)('alarm deliveries through the outbox (%s)', (kind) => {
  let t: TestApp;
  // A Monday, 10:00 in Shanghai: no quiet hours unless a test moves the clock.
  let clock = Date.parse('2026-11-23T02:00:00Z');
  const sms = new RecordingSms();
  let key: string;
  let groupId: number;
  let boss: TestUser;
  let operator: TestUser;
  let site = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      background: ['warning-engine'],
      now: () => new Date(clock),
      sms,
      env: { NOTIFY_WORKER: 'off' },
    });
    key = await t.createFeed('net');
    groupId = await t.createGroup(`notify-${kind}`);
    boss = await t.createUser({ role: 'group_admin', groupId, phone: '+8613800000001' });
    operator = await t.createUser({ role: 'operator', groupId, phone: '+8613800000002' });
  });
  afterAll(() => t.close());

  /** A new location (far from the others, so their strokes never mix) and a list for it. */
  const setUp = async (list: Partial<DistributionInput>, rings = RINGS) => {
    site += 1;
    const at = { lat: 20 + site, lon: 100 + site };
    const res = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: boss.access,
      payload: { name: `Site ${site}`, shape: { type: 'Point', coordinates: [at.lon, at.lat] }, rings },
    });
    expect(res.statusCode).toBe(201);
    const locationId = res.json().id as number;
    const added = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: boss.access,
      payload: {
        name: `List ${site}`,
        locations: [locationId],
        min_level: 1,
        channels: ['inapp', 'sms'],
        recipients: [{ kind: 'user', value: String(boss.id) }],
        ...list,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    await t.app.services.warningEngine.idle();
    return { locationId, at };
  };
  const strike = async (at: { lat: number; lon: number }) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        jsonStroke({ time: new Date(clock - 1000).toISOString(), lat: at.lat + 5 * KM, lon: at.lon }),
      ],
    });
    expect(res.statusCode).toBe(200);
    await t.app.services.warningEngine.idle();
  };
  const clear = async () => {
    clock += 2 * MIN;
    await t.app.services.warningEngine.tick();
  };
  const deliveriesOf = async (locationId: number) =>
    (
      await t.db.query<DeliveryRow>(
        `SELECT id, tier, channel, recipient_kind, recipient_value, status, reason, attempts, event
         FROM deliveries WHERE location_id = $1 ORDER BY id`,
        [locationId],
      )
    ).rows;
  const deliver = () => t.app.services.deliveryWorker.runOnce();

  it('writes the deliveries with the alarm and sends each recipient its message once per channel', async () => {
    const { locationId, at } = await setUp({
      recipients: [
        { kind: 'user', value: String(boss.id) },
        { kind: 'phone', value: '+8613900000009' },
      ],
    });
    await strike(at);
    // Written with the alarm, before any worker ran.
    const alarm = (
      await t.db.query<{ id: string }>('SELECT id FROM alarms WHERE location_id = $1', [locationId])
    ).rows[0];
    const queued = await deliveriesOf(locationId);
    expect(queued.map((d) => `${d.channel}:${d.recipient_kind}`).sort()).toEqual([
      'inapp:user',
      'sms:phone',
      'sms:user',
    ]);
    expect(alarm).toBeDefined();

    await deliver();
    const rows = await deliveriesOf(locationId);
    expect(rows.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    const texts = sms.sent.filter((s) => s.message.includes(`Site ${site}`));
    expect(texts.map((s) => s.phone).sort()).toEqual(['+8613800000001', '+8613900000009']);
    expect(texts[0]?.message).toContain('红色预警');
    expect(texts[0]?.message).toMatch(/最近落雷 5\.\d 公里，方位北/);
    expect(texts[0]?.message).toContain('/realtimealert');

    const inbox = await t.call({ method: 'GET', url: '/api/notification_record', token: boss.access });
    const items = inbox.json().items as { alarm_id: number; title: string; link: string }[];
    const mine = items.filter((i) => i.alarm_id === Number(alarm?.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.title).toBe(`【雷电红色预警】Site ${site}`);
    expect(mine[0]?.link).toMatch(/\/realtimealert$/);

    // Running the worker again sends nothing more.
    const before = sms.sent.length;
    expect(await deliver()).toBe(0);
    expect(sms.sent.length).toBe(before);
  });

  it("tells a location topic's subscribers through the channels they chose", async () => {
    const { locationId, at } = await setUp({
      channels: ['sms'],
      recipients: [{ kind: 'phone', value: '+8613900000010' }],
    });
    const sub = await t.call({
      method: 'POST',
      url: '/api/notification/subscription',
      token: operator.access,
      payload: { topic: `location:${locationId}` },
    });
    expect(sub.statusCode, sub.body).toBeLessThan(300);
    await strike(at);
    await deliver();
    const rows = await deliveriesOf(locationId);
    // The operator's preferences: in-app only (the default).
    expect(rows.map((d) => `${d.channel}:${d.recipient_kind}:${d.status}`).sort()).toEqual([
      'inapp:user:sent',
      'sms:phone:sent',
    ]);
    const inbox = await t.call({ method: 'GET', url: '/api/notification_record', token: operator.access });
    expect(inbox.json().items.some((i: { location_id: number }) => i.location_id === locationId)).toBe(true);
  });

  it('holds back a second message for the same location and level within 5 minutes', async () => {
    const { locationId, at } = await setUp({ channels: ['sms'] });
    await strike(at);
    await deliver();
    await clear();
    clock += MIN;
    await strike(at); // a new red alarm 3 minutes after the first
    await deliver();
    let rows = await deliveriesOf(locationId);
    expect(rows.map((d) => [d.status, d.reason])).toEqual([
      ['sent', null],
      ['suppressed', 'duplicate'],
    ]);
    await clear();
    clock += 2 * MIN;
    await strike(at); // 7 minutes after the first: goes out again
    await deliver();
    rows = await deliveriesOf(locationId);
    expect(rows.map((d) => d.status)).toEqual(['sent', 'suppressed', 'sent']);
  });

  it('escalates to the next tier when nobody confirms within N minutes', async () => {
    const { locationId, at } = await setUp({
      channels: ['sms'],
      escalate_after_min: 10,
      // The first tier's own recipient too: a reminder 10 minutes on is not a duplicate.
      escalate_to: [
        { kind: 'phone', value: '+8613700000007' },
        { kind: 'user', value: String(boss.id) },
      ],
    });
    const toBoss = () =>
      sms.sent.filter((s) => s.phone === '+8613800000001' && s.message.includes(`Site ${site}`));
    await strike(at);
    await deliver();
    expect(sms.sent.filter((s) => s.phone === '+8613700000007')).toHaveLength(0);
    clock += 9 * MIN;
    await deliver();
    expect(sms.sent.filter((s) => s.phone === '+8613700000007')).toHaveLength(0);
    clock += 2 * MIN;
    await deliver();
    expect(sms.sent.filter((s) => s.phone === '+8613700000007')).toHaveLength(1);
    expect(toBoss()).toHaveLength(2);
    const rows = await deliveriesOf(locationId);
    expect(rows.filter((d) => d.tier === 1).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('does not escalate once someone confirms, and tells everyone it reached who confirmed', async () => {
    const { locationId, at } = await setUp({
      recipients: [
        { kind: 'user', value: String(boss.id) },
        { kind: 'user', value: String(operator.id) },
      ],
      escalate_after_min: 5,
      escalate_to: [{ kind: 'phone', value: '+8613700000008' }],
    });
    await strike(at);
    await deliver();
    const alarm = (
      await t.db.query<{ id: string }>('SELECT id FROM alarms WHERE location_id = $1', [locationId])
    ).rows[0];
    const res = await t.call({
      method: 'POST',
      url: '/api/warning/alarm_confirm',
      token: operator.access,
      payload: { id: Number(alarm?.id), note: 'Apron cleared' },
    });
    expect(res.statusCode).toBe(200);
    clock += 6 * MIN;
    await deliver();
    expect(sms.sent.filter((s) => s.phone === '+8613700000008')).toHaveLength(0);
    const rows = await deliveriesOf(locationId);
    expect(rows.find((d) => d.tier === 1)).toMatchObject({ status: 'cancelled', reason: 'confirmed' });
    const confirmations = rows.filter((d) => d.event === 'alarm_confirmed');
    // Both users, in-app and SMS; not the escalation tier, which never heard of the alarm.
    expect(confirmations.map((d) => `${d.channel}:${d.recipient_value}`).sort()).toEqual(
      [`inapp:${boss.id}`, `inapp:${operator.id}`, `sms:${boss.id}`, `sms:${operator.id}`].sort(),
    );
    expect(confirmations.every((d) => d.status === 'sent')).toBe(true);
    const bossText = sms.sent.filter((s) => s.phone === '+8613800000001').at(-1);
    expect(bossText?.message).toContain('已确认');
    expect(bossText?.message).toContain('Apron cleared');
    expect(bossText?.message).toContain(`${operator.username} 已于`);
  });

  it('keeps quiet hours for yellow, but red always goes through', async () => {
    // 23:30 in Shanghai.
    clock = Date.parse('2026-11-23T15:30:00Z');
    const quiet = { from: '22:00', to: '07:00' };
    const yellow = await setUp({ quiet_hours: quiet }, YELLOW_RINGS);
    const red = await setUp({ quiet_hours: quiet });
    await strike(yellow.at);
    await strike(red.at);
    await deliver();
    const y = await deliveriesOf(yellow.locationId);
    expect(y.map((d) => `${d.channel}:${d.status}:${d.reason}`).sort()).toEqual([
      'inapp:sent:null',
      'sms:suppressed:quiet_hours',
    ]);
    const r = await deliveriesOf(red.locationId);
    expect(r.every((d) => d.status === 'sent')).toBe(true);
    clock = Date.parse('2026-11-24T02:00:00Z');
  });

  it('retries a failing channel with backoff, then gives up; the other channels are not held up', async () => {
    const { locationId, at } = await setUp({});
    sms.failWith = 'gateway down';
    await strike(at);
    await deliver();
    let rows = await deliveriesOf(locationId);
    expect(rows.find((d) => d.channel === 'inapp')?.status).toBe('sent');
    expect(rows.find((d) => d.channel === 'sms')).toMatchObject({ status: 'pending', attempts: 1 });
    // Nothing is due until the backoff has passed.
    expect(await deliver()).toBe(0);
    for (let i = 0; i < 10; i++) {
      clock += 11 * MIN;
      await deliver();
    }
    rows = await deliveriesOf(locationId);
    const failed = rows.find((d) => d.channel === 'sms');
    expect(failed).toMatchObject({ status: 'failed', attempts: t.config.notifications.maxAttempts });
    const attempts = await t.db.query<{ ok: boolean; error: string }>(
      'SELECT ok, error FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt',
      [failed?.id],
    );
    expect(attempts.rows).toHaveLength(t.config.notifications.maxAttempts);
    expect(attempts.rows.every((a) => !a.ok && a.error.includes('gateway down'))).toBe(true);
    sms.failWith = null;
  });

  it('deletes finished deliveries and inbox messages past retention, never a delivery still to send', async () => {
    const { locationId, at } = await setUp({
      escalate_after_min: 60,
      escalate_to: [{ kind: 'phone', value: '+8613700000099' }],
    });
    await strike(at);
    await deliver();
    const later = new Date(clock + 1000);
    await t.app.services.outbox.purgeBefore(later, later);
    await t.app.services.inbox.purgeBefore(later);
    expect((await deliveriesOf(locationId)).map((d) => `${d.tier}:${d.status}`)).toEqual(['1:pending']);
    const left = await t.db.query(
      `SELECT (SELECT count(*) FROM notifications)::int AS inbox, (SELECT count(*) FROM delivery_dedupe)::int AS slots`,
    );
    expect(left.rows[0]).toEqual({ inbox: 0, slots: 0 });
  });
});
