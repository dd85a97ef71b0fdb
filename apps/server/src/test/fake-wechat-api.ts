import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_APP_ID = 'wx8b9c1f0a2d3e4f50';
export const FAKE_APP_SECRET = '5c0f3e9d8a7b6c5d4e3f2a1b0c9d8e7f';

/** A scripted answer for the next template send: a WeChat error code, or a bare HTTP status. */
export type ScriptedAnswer = { errcode: number; errmsg: string } | { status: number };

export interface FakeWechatApi {
  /** http://127.0.0.1:<port> */
  url: string;
  tokenRequests: number;
  /** Bodies of the template messages accepted. */
  templates: { touser: string; template_id: string; url: string; data: Record<string, { value: string }> }[];
  /** Bodies of the QR code requests. */
  qrCodes: { expire_seconds: number; action_name: string; action_info: { scene: { scene_str: string } } }[];
  /** Every token handed out. */
  issued: string[];
  /** `expires_in` of the tokens handed out. */
  tokenLifetimeSec: number;
  /** Delay of the token answer (to see concurrent callers share one fetch). */
  tokenDelayMs: number;
  /** Answers for the next template sends, in order, before the normal one. */
  script: ScriptedAnswer[];
  /** Makes WeChat treat the current token as expired (42001) though the client thinks it is valid. */
  expireTokens(): void;
  close(): Promise<void>;
}

/**
 * The official-account API on 127.0.0.1 answering in WeChat's recorded formats (HTTP 200 with
 * `{errcode, errmsg}` for errors, `{access_token, expires_in}`, `{errcode: 0, errmsg: 'ok', msgid}`,
 * `{ticket, expire_seconds, url}`).
 */
export async function startFakeWechatApi(): Promise<FakeWechatApi> {
  let valid = new Set<string>();
  let msgid = 200228332;
  const fake: FakeWechatApi = {
    url: '',
    tokenRequests: 0,
    templates: [],
    qrCodes: [],
    issued: [],
    tokenLifetimeSec: 7200,
    tokenDelayMs: 0,
    script: [],
    expireTokens() {
      valid = new Set();
    },
    close: async () => {},
  };
  const rid = () => `rid: ${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;
  const json = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json; encoding=utf-8' });
    res.end(JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const tokenProblem = (token: string | null) => {
    if (token && valid.has(token)) return null;
    if (token && fake.issued.includes(token))
      return { errcode: 42001, errmsg: `access_token expired ${rid()}` };
    return {
      errcode: 40001,
      errmsg: `invalid credential, access_token is invalid or not latest ${rid()}`,
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      fake.tokenRequests++;
      if (fake.tokenDelayMs) await new Promise((r) => setTimeout(r, fake.tokenDelayMs));
      if (url.searchParams.get('appid') !== FAKE_APP_ID) {
        return json(res, { errcode: 40013, errmsg: `invalid appid ${rid()}` });
      }
      if (url.searchParams.get('secret') !== FAKE_APP_SECRET) {
        return json(res, { errcode: 40125, errmsg: `invalid appsecret ${rid()}` });
      }
      const token = `${randomBytes(24).toString('base64url')}_${fake.issued.length + 1}`;
      fake.issued.push(token);
      valid = new Set([token]);
      return json(res, { access_token: token, expires_in: fake.tokenLifetimeSec });
    }
    const problem = tokenProblem(url.searchParams.get('access_token'));
    if (req.method === 'POST' && url.pathname === '/cgi-bin/message/template/send') {
      const body = await readJson(req);
      if (problem) return json(res, problem);
      const scripted = fake.script.shift();
      if (scripted && 'status' in scripted) return json(res, { error: 'bad gateway' }, scripted.status);
      if (scripted) return json(res, { ...scripted, errmsg: `${scripted.errmsg} ${rid()}` });
      fake.templates.push(body);
      return json(res, { errcode: 0, errmsg: 'ok', msgid: msgid++ });
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
      const body = await readJson(req);
      if (problem) return json(res, problem);
      fake.qrCodes.push(body);
      const ticket = randomBytes(48).toString('base64');
      return json(res, {
        ticket,
        expire_seconds: body.expire_seconds,
        url: `http://weixin.qq.com/q/${randomBytes(15).toString('base64url')}`,
      });
    }
    json(res, { errcode: 48001, errmsg: `api unauthorized ${rid()}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
