import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.js';
import { createLocation, delivery, insertAlarm } from '../../../../test/notification-test-kit.js';

const SECRET = 'whsec-do-not-show-9f2c';

describe.each(DB_KINDS)('delivery records (%s)', (kind) => {
  let t: TestApp;
  let managerA: TestUser;
  let operatorA: TestUser;
  let viewerA: TestUser;
  let managerB: TestUser;
  let alarmA: number;
  const ids = { toOperator: 0, webhook: 0, toViewer: 0, inB: 0 };
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { NOTIFY_WORKER: 'off' } });
    managerA = await t.createUser({ role: 'group_admin' });
    operatorA = await t.createUser({ role: 'operator' });
    viewerA = await t.createUser({ role: 'viewer' });
    const groupB = await t.createGroup(`records-${kind}`);
    managerB = await t.createUser({ role: 'group_admin', groupId: groupB });
    const site = await createLocation(t, managerA, 'Tower');
    alarmA = await insertAlarm(t.db, { locationId: site, groupId: t.demoGroupId, level: 2, at: new Date() });
    const A = t.demoGroupId;
    const user = (u: TestUser) => ({ userId: u.id, recipientValue: String(u.id), address: String(u.id) });
    await t.app.services.outbox.insert([
      delivery({
        groupId: A,
        idempotencyKey: `r1${kind}`,
        ...user(operatorA),
        alarmId: alarmA,
        event: 'alarm',
      }),
      delivery({
        groupId: A,
        idempotencyKey: `r2${kind}`,
        channel: 'webhook',
        recipientKind: 'webhook',
        recipientValue: 'https://hooks.example.com/x',
        address: 'https://hooks.example.com/x',
        channelOptions: { format: 'json', secret: SECRET },
        alarmId: alarmA,
        event: 'alarm',
      }),
      delivery({
        groupId: A,
        idempotencyKey: `r3${kind}`,
        ...user(viewerA),
        channel: 'email',
        address: 'v@x.cn',
      }),
      delivery({ groupId: groupB, idempotencyKey: `r4${kind}`, ...user(managerB) }),
    ]);
    const { rows } = await t.db.query<{ id: string; idempotency_key: string }>(
      'SELECT id, idempotency_key FROM deliveries',
    );
    const idOf = (k: string) => Number(rows.find((r) => r.idempotency_key === `${k}${kind}`)?.id);
    Object.assign(ids, {
      toOperator: idOf('r1'),
      webhook: idOf('r2'),
      toViewer: idOf('r3'),
      inB: idOf('r4'),
    });
    // The webhook failed once, then went through.
    await t.db.query(
      `INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, ok, error) VALUES
         ($1, 1, now(), 5000, false, 'timeout after 5000 ms'), ($1, 2, now(), 180.5, true, NULL)`,
      [ids.webhook],
    );
    await t.db.query(
      `UPDATE deliveries SET status = 'sent', attempts = 2, latency_ms = 5400, finished_at = now()
       WHERE id = $1`,
      [ids.webhook],
    );
    await t.db.query(
      `UPDATE deliveries SET status = 'failed', attempts = 5, last_error = 'mailbox full' WHERE id = $1`,
      [ids.toViewer],
    );
  });
  afterAll(() => t.close());

  const records = async (user: TestUser, query = '') => {
    const res = await t.call({
      method: 'GET',
      url: `/api/notification/deliveries${query}`,
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: DeliveryRecord[]; total: number };
  };
  const idsOf = (page: { items: DeliveryRecord[] }) => page.items.map((r) => r.id);
  const attempts = (user: TestUser, id: number) =>
    t.call({ method: 'GET', url: `/api/notification/deliveries/${id}/attempts`, token: user.access });

  it("shows group admins their group's records, admins all, and others only their own", async () => {
    expect(idsOf(await records(managerA))).toEqual([ids.toViewer, ids.webhook, ids.toOperator]);
    expect(idsOf(await records(operatorA))).toEqual([ids.toOperator]);
    expect(idsOf(await records(viewerA))).toEqual([ids.toViewer]);
    expect(idsOf(await records(managerB))).toEqual([ids.inB]);
    const all = idsOf(await records(t.admin));
    for (const id of Object.values(ids)) expect(all).toContain(id);
  });

  it('tells channel, recipient, status, attempts, error and latency, and filters by them', async () => {
    const webhook = (await records(managerA, '?channel=webhook')).items;
    expect(webhook).toHaveLength(1);
    expect(webhook[0]).toMatchObject({
      id: ids.webhook,
      event: 'alarm',
      alarm_id: alarmA,
      channel: 'webhook',
      recipient: { kind: 'webhook', value: 'https://hooks.example.com/x' },
      recipient_name: null,
      status: 'sent',
      attempts: 2,
      latency_ms: 5400,
    });
    const failed = await records(managerA, '?status=failed');
    expect(failed.items.map((r) => [r.id, r.last_error])).toEqual([[ids.toViewer, 'mailbox full']]);
    // A user recipient is shown by name, not by id.
    expect(failed.items[0]?.recipient_name).toBe(viewerA.username);
    expect(failed.total).toBe(1);
    expect(idsOf(await records(managerA, `?alarm_id=${alarmA}`))).toEqual([ids.webhook, ids.toOperator]);
    const page = await records(managerA, '?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3 });
    expect(idsOf(page)).toEqual([ids.webhook]);
    const bad = await t.call({
      method: 'GET',
      url: '/api/notification/deliveries?status=lost',
      token: managerA.access,
    });
    expect(bad.json().error.details[0].field).toBe('status');
  });

  it('never returns webhook secrets or the message payload', async () => {
    for (const user of [managerA, t.admin]) {
      const res = await t.call({ method: 'GET', url: '/api/notification/deliveries', token: user.access });
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('channel_options');
      expect(res.body).not.toContain('payload');
    }
  });

  it('lists the attempts of a record the caller may see, else answers 404', async () => {
    const seen = await attempts(managerA, ids.webhook);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items).toMatchObject([
      { attempt: 1, ok: false, error: 'timeout after 5000 ms', duration_ms: 5000 },
      { attempt: 2, ok: true, error: null, duration_ms: 180.5 },
    ]);
    expect((await attempts(operatorA, ids.toOperator)).json()).toEqual({ items: [] });
    for (const [user, id] of [
      [operatorA, ids.webhook],
      [managerB, ids.webhook],
      [managerA, ids.inB],
      [managerA, 999_999],
    ] as const) {
      const res = await attempts(user, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('notification.delivery_not_found');
    }
  });
});
