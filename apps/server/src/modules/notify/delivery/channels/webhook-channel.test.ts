import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { capSchemaErrors } from '../../../warnings/alerts/fixtures/cap-schema.js';
import type { NotificationPayload, OutgoingMessage } from './delivery-channel.js';
import { ALARM, channelFailure, outgoing } from './fixtures/messages.js';
import { WebhookChannel, type WebhookChannelConfig } from './webhook-channel.js';
import { PrivateAddressError, postOnce } from './webhook-http.js';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on loopback: `/ok` answers 204, `/status/<n>` answers n, `/redirect` 302 to `/ok`, `/silent`
 * never answers.
 */
async function startReceiver(): Promise<{ base: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = /^\/status\/(\d{3})$/.exec(req.url ?? '');
      if (req.url === '/silent') return;
      if (req.url === '/redirect') return res.writeHead(302, { Location: '/ok' }).end();
      if (status) return res.writeHead(Number(status[1])).end(`answer ${status[1]}`);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, got, server };
}

const NOW = new Date('2026-07-12T06:30:05.250Z');
const SECRET = 'receiver-shared-secret';

/** What a receiver does with the signature header (docs/api.md), written out here independently. */
function verifies(headers: IncomingHttpHeaders, body: string, secret: string): boolean {
  const timestamp = String(headers['x-thunderwatch-timestamp']);
  const given = Buffer.from(String(headers['x-thunderwatch-signature']));
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook channel', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let channel: WebhookChannel;
  const config = (patch: Partial<WebhookChannelConfig> = {}): WebhookChannelConfig => ({
    timeoutMs: 2000,
    allowPrivateWebhooks: true,
    publicUrl: 'https://warn.example.org',
    now: () => NOW,
    ...patch,
  });
  const hook = (path: string, patch: Partial<OutgoingMessage> = {}) =>
    outgoing({
      channel: 'webhook',
      address: `${receiver.base}${path}`,
      idempotencyKey: 'tw:41:hook',
      ...patch,
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    channel = new WebhookChannel(config());
  });
  afterEach(() => {
    receiver.got.length = 0;
  });
  afterAll(() => {
    receiver.server.closeAllConnections();
    receiver.server.close();
  });

  it('posts an alarm as signed JSON with the facts and the message in both languages', async () => {
    await channel.send(hook('/ok', { options: { secret: SECRET } }));
    expect(receiver.got).toHaveLength(1);
    const { headers, body } = receiver.got[0] as Received;
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-thunderwatch-event']).toBe('alarm');
    expect(headers['x-thunderwatch-idempotency-key']).toBe('tw:41:hook');
    expect(headers['x-thunderwatch-timestamp']).toBe(String(Math.floor(NOW.getTime() / 1000)));
    expect(headers['x-thunderwatch-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifies(headers, body, SECRET)).toBe(true);
    expect(verifies(headers, body, 'another-secret')).toBe(false);
    expect(verifies(headers, body.replace('"level":3', '"level":1'), SECRET)).toBe(false);

    const json = JSON.parse(body);
    expect(json).toMatchObject({
      event: 'alarm',
      idempotency_key: 'tw:41:hook',
      sent_at: NOW.toISOString(),
      group_id: 2,
      alarm: {
        alarm_id: 41,
        level: 3,
        location_name: 'Apron <B> & "Dock"',
        nearest_km: 4.2,
        bearing_deg: 45,
      },
    });
    expect(json.message['zh-Hans'].title).toBe('【雷电红色预警】Apron <B> & "Dock"');
    expect(json.message['zh-Hans'].body).toContain('最近落雷 4.2 公里，方位东北。');
    expect(json.message.en.title).toBe('Red warning · Apron <B> & "Dock"');
    expect(json.message.en.link).toBe('https://warn.example.org/board');
  });

  it('percent-encodes what is not ASCII in the idempotency header; the body keeps the key as it is', async () => {
    await channel.send(hook('/ok', { idempotencyKey: 'alarm:41:t0:webhook:webhook:https://例子.cn/x' }));
    const { headers, body } = receiver.got[0] as Received;
    expect(headers['x-thunderwatch-idempotency-key']).toBe(
      'alarm:41:t0:webhook:webhook:https://%E4%BE%8B%E5%AD%90.cn/x',
    );
    expect(JSON.parse(body).idempotency_key).toBe('alarm:41:t0:webhook:webhook:https://例子.cn/x');
  });

  it('sends no signature when the recipient has no secret', async () => {
    await channel.send(hook('/ok'));
    expect(receiver.got[0]?.headers['x-thunderwatch-signature']).toBeUndefined();
  });

  it('posts an alarm as CAP 1.2 that the OASIS schema accepts, signed over the XML', async () => {
    await channel.send(hook('/ok', { options: { format: 'cap', secret: SECRET } }));
    const { headers, body } = receiver.got[0] as Received;
    expect(headers['content-type']).toBe('application/cap+xml; charset=utf-8');
    expect(verifies(headers, body, SECRET)).toBe(true);
    expect(await capSchemaErrors(body)).toEqual([]);
    expect(body).toContain('<identifier>thunderwatch-alarm-41</identifier>');
    expect(body).toContain('<sender>thunderwatch@warn.example.org</sender>');
    expect(body).toContain('<sent>2026-07-12T06:30:00+00:00</sent>');
    expect(body).toContain('<msgType>Alert</msgType>');
    expect(body).toContain('<severity>Severe</severity>');
    expect(body).toContain('<responseType>Shelter</responseType>');
    expect(body).toContain('<headline>【雷电红色预警】Apron &lt;B&gt; &amp; &quot;Dock&quot;</headline>');
    expect(body).toContain('<language>en-US</language>');
    expect(body).toContain('<valueName>eta_min</valueName>');
  });

  it('sends a confirmation as a CAP Update that references the alarm, and a test as a CAP Test', async () => {
    const confirmed: NotificationPayload = {
      event: 'alarm_confirmed',
      alarm: ALARM,
      confirmation: { at: '2026-07-12T06:34:00.000Z', by: 'Li Wei', note: 'Apron cleared' },
    };
    const test: NotificationPayload = {
      event: 'test',
      at: NOW.toISOString(),
      board_url: 'https://warn.example.org',
    };
    await channel.send(
      hook('/ok', { event: 'alarm_confirmed', payload: confirmed, options: { format: 'cap' } }),
    );
    await channel.send(hook('/ok', { event: 'test', payload: test, options: { format: 'cap' } }));
    const [update, probe] = receiver.got as [Received, Received];
    expect(await capSchemaErrors(update.body)).toEqual([]);
    expect(update.body).toContain('<msgType>Update</msgType>');
    expect(update.body).toContain(
      '<references>thunderwatch@warn.example.org,thunderwatch-alarm-41,2026-07-12T06:30:00+00:00</references>',
    );
    expect(update.body).toContain('<note>Confirmed by Li Wei: Apron cleared</note>');
    expect(await capSchemaErrors(probe.body)).toEqual([]);
    expect(probe.body).toContain('<status>Test</status>');
  });

  it('sends a daily summary as JSON even to a CAP recipient (CAP has no summary message)', async () => {
    const summary: NotificationPayload = {
      event: 'daily_summary',
      summary: {
        date: '2026-07-12',
        alarms: 3,
        red: 1,
        locations: [],
        board_url: 'https://warn.example.org',
      },
    };
    await channel.send(hook('/ok', { event: 'daily_summary', payload: summary, options: { format: 'cap' } }));
    const { headers, body } = receiver.got[0] as Received;
    expect(headers['content-type']).toContain('application/json');
    expect(JSON.parse(body)).toMatchObject({ event: 'daily_summary', summary: { alarms: 3, red: 1 } });
  });

  it.each([
    [500, 'retried'],
    [503, 'retried'],
    [429, 'retried'],
    [408, 'retried'],
    [400, 'given up'],
    [404, 'given up'],
  ])('an answer %i is %s', async (status, outcome) => {
    const err = await channelFailure(channel.send(hook(`/status/${status}`)));
    expect(err.permanent).toBe(outcome === 'given up');
    expect(err.message).toContain(`answer ${status}`);
  });

  it('does not follow a redirect, and gives up on it', async () => {
    const err = await channelFailure(channel.send(hook('/redirect')));
    expect(err.permanent).toBe(true);
    expect(err.message).toContain('302');
    expect(receiver.got.map((r) => r.url)).toEqual(['/redirect']);
  });

  it('gives up waiting after the timeout and leaves it to a retry', async () => {
    const quick = new WebhookChannel(config({ timeoutMs: 300 }));
    const started = Date.now();
    const err = await channelFailure(quick.send(hook('/silent')));
    expect(err.permanent).toBe(false);
    expect(err.code).toBe('webhook.timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('retries when nothing listens', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise((resolve) => gone.close(resolve));
    const err = await channelFailure(channel.send(hook('', { address: `http://127.0.0.1:${port}/hook` })));
    expect(err.permanent).toBe(false);
  });

  it.each([
    ['a loopback address', (port: number) => `http://127.0.0.1:${port}/ok`],
    ['a host name that resolves to loopback', (port: number) => `http://localhost:${port}/ok`],
  ])('refuses %s for good unless private webhooks are allowed', async (_name, url) => {
    const strict = new WebhookChannel(config({ allowPrivateWebhooks: false }));
    const port = Number(new URL(receiver.base).port);
    const err = await channelFailure(strict.send(hook('', { address: url(port) })));
    expect(err.permanent).toBe(true);
    expect(err.message).toContain('private or loopback');
    expect(receiver.got).toEqual([]);
  });

  it('refuses, at connect time, a host whose DNS answer is private (rebinding after the check)', async () => {
    const port = Number(new URL(receiver.base).port);
    const post = postOnce(
      new URL(`http://localhost:${port}/ok`),
      '{}',
      {},
      { timeoutMs: 2000, allowPrivate: false },
    );
    await expect(post).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(post).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1)/);
    expect(receiver.got).toEqual([]);
  });
});
