import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../delivery-channel.js';
import { ALARM, channelFailure, outgoing } from '../fixtures/messages.js';
import {
  type RobotAnswer,
  type RobotRequestSeen,
  robotConfig,
  robotReceiverForFile,
} from '../fixtures/robot-receiver.js';
import { DINGTALK } from './dingtalk.js';
import { RobotChannel } from './robot-channel.js';

const NOW = new Date('2026-07-12T06:30:05.250Z');
const TOKEN = 'b1c2d3e4f5';
const SECRET = 'SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd';

/**
 * DingTalk's check of a signed robot request, written out from its documentation
 * (open.dingtalk.com/document/robots/customize-robot-security-settings): the query's `timestamp` (ms) may
 * be at most an hour off, and `sign` must be Base64(HmacSHA256(key = secret, "<timestamp>\n<secret>")).
 * The answers are DingTalk's: errcode 0 "ok", 310000 for a bad signature or timestamp.
 */
function dingtalkApi(secret: string, clockMs: number) {
  return (r: RobotRequestSeen): RobotAnswer => {
    const q = r.url.searchParams;
    if (q.get('access_token') !== TOKEN)
      return { status: 200, body: { errcode: 300001, errmsg: 'token is not exist' } };
    const timestamp = q.get('timestamp') ?? '';
    if (!/^\d+$/.test(timestamp) || Math.abs(clockMs - Number(timestamp)) > 60 * 60_000)
      return { status: 200, body: { errcode: 310000, errmsg: 'invalid timestamp' } };
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    if (q.get('sign') !== expected)
      return {
        status: 200,
        body: {
          errcode: 310000,
          errmsg: 'sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]',
        },
      };
    if (r.json.msgtype !== 'actionCard')
      return { status: 200, body: { errcode: 40035, errmsg: 'msgtype missing' } };
    return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  };
}

describe('DingTalk robot channel', () => {
  const api = robotReceiverForFile();
  const channel = (now = NOW) => new RobotChannel(DINGTALK, robotConfig(now));
  const message = (patch: Partial<OutgoingMessage> = {}, language: 'zh-Hans' | 'en' = 'zh-Hans') =>
    outgoing(
      {
        channel: 'dingtalk',
        recipientKind: 'dingtalk',
        address: `${api.base}/robot/send?access_token=${TOKEN}`,
        options: { secret: SECRET },
        ...patch,
      },
      language,
    );

  it('signs the request as DingTalk checks it and posts the alarm as an ActionCard in the list language', async () => {
    api.answer = dingtalkApi(SECRET, NOW.getTime());
    await channel().send(message());
    const [seen] = api.seen as [RobotRequestSeen];
    expect(seen.url.searchParams.get('timestamp')).toBe(String(NOW.getTime()));
    // URL-encoded: a Base64 '+' left bare would reach DingTalk as a space.
    expect(seen.url.search).toMatch(/[?&]sign=[A-Za-z0-9%]+(&|$)/);
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');

    const card = seen.json.actionCard as Record<string, string>;
    expect(card.title).toBe('【雷电红色预警】Apron <B> & "Dock"');
    expect(card.text).toContain('### <font color=#e60012>🔴 【雷电红色预警】Apron ＜B＞ & "Dock"</font>');
    expect(card.text).toContain('- **站点**：Apron ＜B＞ & "Dock"');
    expect(card.text).toContain('- **等级**：红色（此前橙色）');
    expect(card.text).toContain('- **最近落雷**：4.2 公里，东北方');
    expect(card.text).toContain('- **雷暴动向**：逼近中，约 12 分钟到达 10 公里圈');
    expect(card.text).toContain('- **时间**：2026-07-12 14:30');
    expect(card).toMatchObject({ singleTitle: '打开预警看板', singleURL: ALARM.board_url });
  });

  it('words the card in English for an English list', async () => {
    api.answer = dingtalkApi(SECRET, NOW.getTime());
    await channel().send(message({}, 'en'));
    const card = api.seen[0]?.json.actionCard as Record<string, string>;
    expect(card.text).toContain('- **Level**：Red (was orange)');
    expect(card.text).toContain('- **Nearest stroke**：4.2 km NE');
    expect(card.text).toContain('- **Storm**：Approaching, about 12 min to the 10 km ring');
    expect(card.singleTitle).toBe('Open the warning board');
  });

  it('fails, recording DingTalk’s message, when the secret is not the robot’s', async () => {
    api.answer = dingtalkApi(SECRET, NOW.getTime());
    const err = await channelFailure(
      channel().send(message({ options: { secret: `${SECRET.slice(0, -1)}e` } })),
    );
    expect(err.permanent).toBe(true);
    expect(err.code).toBe('dingtalk.refused');
    expect(err.message).toContain('errcode 310000');
    expect(err.message).toContain('sign not match');
  });

  it('fails when its clock is more than an hour off DingTalk’s (DingTalk refuses the timestamp)', async () => {
    api.answer = dingtalkApi(SECRET, NOW.getTime());
    const late = new Date(NOW.getTime() - 61 * 60_000);
    const err = await channelFailure(channel(late).send(message()));
    expect(err.message).toContain('invalid timestamp');
  });

  it('sends no signature to a robot secured otherwise (keywords, IP list)', async () => {
    api.answer = () => ({ status: 200, body: { errcode: 0, errmsg: 'ok' } });
    await channel().send(message({ options: {} }));
    expect(api.seen[0]?.url.searchParams.has('sign')).toBe(false);
    expect(api.seen[0]?.url.searchParams.has('timestamp')).toBe(false);
  });

  it('retries when DingTalk limits the rate, and gives up on an answer without errcode', async () => {
    api.answer = () => ({
      status: 200,
      body: { errcode: 130101, errmsg: 'send too fast, exceed 20 times per minute' },
    });
    const limited = await channelFailure(channel().send(message()));
    expect(limited.permanent).toBe(false);
    expect(limited.message).toContain('send too fast');
    api.answer = () => ({ status: 200, body: '<html>gateway</html>' });
    const odd = await channelFailure(channel().send(message()));
    expect(odd.permanent).toBe(true);
    expect(odd.message).toContain('without a result code: <html>gateway</html>');
  });
});
