import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/server-process.js';
import { EmailChannel, IDEMPOTENCY_HEADER } from './email-channel.js';
import { channelFailure, outgoing } from './fixtures/messages.js';

/** A real SMTP server on loopback that keeps what it receives and refuses some recipients. */
async function startSmtp(): Promise<{ port: number; inbox: ParsedMail[]; close: () => Promise<void> }> {
  const inbox: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = (code: number, text: string) =>
        callback(Object.assign(new Error(text), { responseCode: code }));
      if (address.address.startsWith('nobody@')) return refuse(550, 'No such user here');
      if (address.address.startsWith('busy@')) return refuse(451, 'Mailbox busy, try later');
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, inbox, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: bound, noted, released. */
describe('e-mail channel', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let channel: EmailChannel;
  beforeAll(async () => {
    smtp = await startSmtp();
    channel = new EmailChannel({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      smtpFrom: 'Thunderwatch <alerts@warn.example.org>',
    });
  });
  afterEach(() => {
    smtp.inbox.length = 0;
  });
  afterAll(async () => {
    channel.close();
    await smtp.close();
  });

  it('sends an alarm in Chinese: subject, text and HTML with the facts, the level colour and the board link', async () => {
    await channel.send(outgoing({ channel: 'email', address: 'duty@example.org' }, 'zh-Hans'));
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0] as ParsedMail;
    expect(mail.subject).toBe('【雷电红色预警】Apron <B> & "Dock"');
    expect(mail.from?.text).toContain('alerts@warn.example.org');
    expect(mail.text).toContain('最近落雷 4.2 公里，方位东北。');
    expect(mail.text).toContain('约 12 分钟到达 10 公里圈');
    expect(mail.text).toContain('时间 2026-07-12 14:30');
    expect(mail.text).toContain('https://warn.example.org/board');
    const html = mail.html as string;
    expect(html).toContain('lang="zh-Hans"');
    expect(html).toContain('#e60012');
    expect(html).toContain('href="https://warn.example.org/board"');
    expect(html).toContain('打开预警看板');
    // The user-typed site name is text, never markup.
    expect(html).toContain('Apron &lt;B&gt; &amp; &quot;Dock&quot;');
    expect(html).not.toContain('<B>');
  });

  it('sends the same alarm in English', async () => {
    await channel.send(outgoing({ channel: 'email', address: 'duty@example.org' }, 'en'));
    const mail = smtp.inbox[0] as ParsedMail;
    expect(mail.subject).toBe('Red warning · Apron <B> & "Dock"');
    expect(mail.text).toContain('Nearest stroke 4.2 km NE.');
    expect(mail.text).toContain('about 12 min to the 10 km ring');
    expect(mail.html).toContain('Open the warning board');
    expect(mail.html).toContain('lang="en"');
  });

  it('carries the idempotency key, and the same Message-ID on a resend of the same delivery', async () => {
    const message = outgoing({ channel: 'email', address: 'duty@example.org', idempotencyKey: 'tw:abc:1' });
    await channel.send(message);
    await channel.send(message);
    await channel.send({ ...message, idempotencyKey: 'tw:abc:2' });
    const [first, resend, other] = smtp.inbox as [ParsedMail, ParsedMail, ParsedMail];
    expect(first.headers.get(IDEMPOTENCY_HEADER.toLowerCase())).toBe('tw:abc:1');
    expect(first.messageId).toMatch(/^<tw-[0-9a-f]{40}@warn\.example\.org>$/);
    expect(resend.messageId).toBe(first.messageId);
    expect(other.messageId).not.toBe(first.messageId);
  });

  it('gives up on a recipient the server refuses with 550', async () => {
    const err = await channelFailure(
      channel.send(outgoing({ channel: 'email', address: 'nobody@example.org' })),
    );
    expect(err.permanent).toBe(true);
    expect(err.message).toContain('550');
    expect(smtp.inbox).toHaveLength(0);
  });

  it('tries again later when the server defers with 451', async () => {
    const err = await channelFailure(
      channel.send(outgoing({ channel: 'email', address: 'busy@example.org' })),
    );
    expect(err.permanent).toBe(false);
    expect(err.message).toContain('451');
  });

  it('tries again later when the server is down', async () => {
    const down = new EmailChannel({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, smtpFrom: 'a@b.org' });
    const err = await channelFailure(down.send(outgoing({ channel: 'email', address: 'duty@example.org' })));
    down.close();
    expect(err.permanent).toBe(false);
    expect(err.code).toBe('email.unreachable');
  });

  it('tries again later when the server never greets, after its timeout', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const slow = new EmailChannel(
      { smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: 'a@b.org' },
      { timeoutMs: 300 },
    );
    const started = Date.now();
    const err = await channelFailure(slow.send(outgoing({ channel: 'email', address: 'duty@example.org' })));
    slow.close();
    silent.close();
    expect(err.permanent).toBe(false);
    expect(err.message).toContain('timed out');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is unavailable without SMTP_URL, and says so', async () => {
    const none = new EmailChannel({ smtpUrl: null, smtpFrom: 'a@b.org' });
    expect(none.unavailable).toBe('SMTP_URL is not set');
    const err = await channelFailure(none.send(outgoing({ channel: 'email', address: 'duty@example.org' })));
    expect(err.permanent).toBe(true);
  });
});
