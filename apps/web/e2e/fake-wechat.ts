import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The official account the e2e server is configured with; its API is the fake below. */
export const E2E_WECHAT = {
  appId: 'wxe2e0000000000001',
  appSecret: 'e2e-app-secret-0123456789abcdef',
  /** WECHAT_TOKEN: the tests sign their WeChat callbacks with it. */
  token: 'e2eCallbackToken',
  account: 'gh_e2e000000001',
};

/** The part of WeChat's API the binding screen needs (access token, temporary QR code), on 127.0.0.1. */
export async function startFakeWechat(): Promise<{ url: string; close(): Promise<void> }> {
  const token = randomBytes(24).toString('base64url');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/cgi-bin/token') {
      const ok =
        url.searchParams.get('appid') === E2E_WECHAT.appId &&
        url.searchParams.get('secret') === E2E_WECHAT.appSecret;
      return json(
        ok ? { access_token: token, expires_in: 7200 } : { errcode: 40125, errmsg: 'invalid appsecret' },
      );
    }
    if (url.searchParams.get('access_token') !== token) {
      return json({ errcode: 40001, errmsg: 'invalid credential' });
    }
    if (url.pathname === '/cgi-bin/qrcode/create') {
      req.resume();
      return json({
        ticket: randomBytes(48).toString('base64'),
        expire_seconds: 600,
        url: `http://weixin.qq.com/q/${randomBytes(15).toString('base64url')}`,
      });
    }
    if (url.pathname === '/cgi-bin/message/template/send') {
      req.resume();
      return json({ errcode: 0, errmsg: 'ok', msgid: Date.now() });
    }
    json({ errcode: 48001, errmsg: 'api unauthorized' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A failed setup must not be kept alive by the fake.
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The query WeChat signs its callbacks with: sha1 of token, timestamp and nonce, sorted and joined. */
export function signedCallbackQuery(): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(randomBytes(4).readUInt32BE());
  const signature = createHash('sha1')
    .update([E2E_WECHAT.token, timestamp, nonce].sort().join(''))
    .digest('hex');
  return `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`;
}
