import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.js';
import { RecordingSms } from '../../../../test/recording-sms.js';

describe.each(DB_KINDS)('send a test message (%s)', (kind) => {
  let t: TestApp;
  const sms = new RecordingSms();
  let boss: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  let hookUrl: string;

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    t = await startTestApp(kind, { sms, env: { ALLOW_PRIVATE_WEBHOOKS: 'true', NOTIFY_WORKER: 'off' } });
    const group = await t.createGroup(`tests-${kind}`);
    boss = await t.createUser({ role: 'group_admin', groupId: group, phone: '+8613811112222' });
    viewer = await t.createUser({ role: 'viewer', groupId: group });
    outsider = await t.createUser({
      role: 'group_admin',
      groupId: await t.createGroup(`tests-other-${kind}`),
    });
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const send = (user: TestUser, payload: object) =>
    t.call({ method: 'POST', url: '/api/notification/test', token: user.access, payload });

  it('lets anyone test the in-app channel to themselves: the message lands in their inbox', async () => {
    const res = await send(viewer, {
      channel: 'inapp',
      recipient: { kind: 'user', value: String(viewer.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: 'test', channel: 'inapp', status: 'sent', attempts: 1 });
    const inbox = await t.call({ method: 'GET', url: '/api/notification_record', token: viewer.access });
    expect(inbox.json().items[0]).toMatchObject({ event: 'test', title: '雷电监测预警平台测试消息' });
  });

  it('sends an SMS to a typed number for a list manager, in the default language', async () => {
    const res = await send(boss, { channel: 'sms', recipient: { kind: 'phone', value: '+8613933334444' } });
    expect(res.json()).toMatchObject({
      status: 'sent',
      recipient: { kind: 'phone', value: '+8613933334444' },
    });
    expect(sms.sent.at(-1)).toMatchObject({ phone: '+8613933334444' });
    expect(sms.sent.at(-1)?.message).toContain('测试消息');
  });

  it('refuses what a list would refuse, naming the field', async () => {
    const cases: [TestUser, object, number, string][] = [
      [viewer, { channel: 'sms', recipient: { kind: 'phone', value: '+8613933334444' } }, 403, ''],
      [boss, { channel: 'sms', recipient: { kind: 'phone', value: '12-34' } }, 400, 'recipient/value'],
      [boss, { channel: 'email', recipient: { kind: 'phone', value: '+8613933334444' } }, 400, 'channel'],
      [
        boss,
        { channel: 'email', recipient: { kind: 'user', value: String(boss.id) } },
        400,
        'recipient/value',
      ],
      [
        boss,
        { channel: 'inapp', recipient: { kind: 'user', value: String(outsider.id) } },
        400,
        'recipient/value',
      ],
    ];
    for (const [user, body, status, field] of cases) {
      const res = await send(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('answers how a failing channel failed, at once and without retrying', async () => {
    sms.failWith = 'gateway down';
    const res = await send(boss, { channel: 'sms', recipient: { kind: 'user', value: String(boss.id) } });
    sms.failWith = null;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(res.json().last_error).toContain('gateway down');
    expect(await t.app.services.deliveryWorker.runOnce()).toBe(0);
  });

  it("signs a test to a list's webhook with the list's stored secret, and keeps other groups' lists out", async () => {
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: boss.access,
      payload: {
        name: 'Ops',
        locations: 'all',
        min_level: 1,
        channels: ['webhook'],
        recipients: [{ kind: 'webhook', value: hookUrl, secret: 'stored-secret-42' }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().id as number;
    const res = await send(boss, {
      channel: 'webhook',
      recipient: { kind: 'webhook', value: hookUrl },
      list_id: listId,
    });
    expect(res.json()).toMatchObject({ status: 'sent', list_id: listId });
    const hook = hooks.at(-1);
    const signed = `${hook?.headers['x-thunderwatch-timestamp']}.${hook?.body}`;
    const expected = createHmac('sha256', 'stored-secret-42').update(signed).digest('hex');
    expect(hook?.headers['x-thunderwatch-signature']).toBe(`sha256=${expected}`);
    expect(JSON.stringify(res.json())).not.toContain('stored-secret-42');
    const theirs = await send(outsider, {
      channel: 'webhook',
      recipient: { kind: 'webhook', value: hookUrl },
      list_id: listId,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
