import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NotificationPayload, OutgoingMessage } from '../delivery-channel.js';
import { ALARM, channelFailure, outgoing } from '../fixtures/messages.js';
import {
  type RobotAnswer,
  type RobotRequestSeen,
  robotConfig,
  robotReceiverForFile,
} from '../fixtures/robot-receiver.js';
import { FEISHU } from './feishu.js';
import { RobotChannel } from './robot-channel.js';

const NOW = new Date('2026-07-12T06:30:05.250Z');
const SECRET = 'mI4rKx0fQh2Zb7uVw9c3Pd';

/**
 * Feishu's check of a signed custom-bot request, written out from its documentation
 * (open.feishu.cn/document/client-docs/bot-v3/add-custom-bot, 签名校验): the body's `timestamp` (seconds)
 * may be at most an hour off, and `sign` must be Base64(HmacSHA256(key = "<timestamp>\n<secret>", message
 * = "")). The answers are Feishu's: code 0 "success", 19021 for a bad signature or timestamp.
 */
function feishuApi(secret: string, clockMs: number) {
  return (r: RobotRequestSeen): RobotAnswer => {
    const refuse = {
      status: 200,
      body: {
        code: 19021,
        data: {},
        msg: 'sign match fail or timestamp is not within one hour from current time',
      },
    };
    const timestamp = String(r.json.timestamp ?? '');
    if (!/^\d+$/.test(timestamp) || Math.abs(clockMs / 1000 - Number(timestamp)) > 3600) return refuse;
    const expected = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
    if (r.json.sign !== expected) return refuse;
    if (r.json.msg_type !== 'interactive')
      return { status: 200, body: { code: 9499, msg: 'Bad Request', data: {} } };
    return { status: 200, body: { code: 0, msg: 'success', data: {} } };
  };
}

interface Card {
  header: { template: string; title: { content: string } };
  elements: {
    tag: string;
    fields?: { is_short: boolean; text: { tag: string; content: string } }[];
    text?: { content: string };
    actions?: { tag: string; url: string; text: { content: string } }[];
  }[];
}

describe('Feishu robot channel', () => {
  const api = robotReceiverForFile();
  const channel = (now = NOW) => new RobotChannel(FEISHU, robotConfig(now));
  const message = (patch: Partial<OutgoingMessage> = {}, language: 'zh-Hans' | 'en' = 'zh-Hans') =>
    outgoing(
      {
        channel: 'feishu',
        recipientKind: 'feishu',
        address: `${api.base}/open-apis/bot/v2/hook/0f1e2d3c`,
        options: { secret: SECRET },
        ...patch,
      },
      language,
    );

  it('signs the body as Feishu checks it and posts the alarm as a red card with the facts and a board button', async () => {
    api.answer = feishuApi(SECRET, NOW.getTime());
    await channel().send(message());
    const { json } = api.seen[0] as RobotRequestSeen;
    expect(json.timestamp).toBe(String(Math.floor(NOW.getTime() / 1000)));
    const card = json.card as Card;
    expect(card.header).toMatchObject({
      template: 'red',
      title: { content: '【雷电红色预警】Apron <B> & "Dock"' },
    });
    const fields = card.elements[0]?.fields?.map((f) => f.text.content);
    expect(fields).toEqual([
      '站点\nApron <B> & "Dock"',
      '等级\n红色（此前橙色）',
      '最近落雷\n4.2 公里，东北方',
      '雷暴动向\n逼近中，约 12 分钟到达 10 公里圈',
      '时间\n2026-07-12 14:30',
    ]);
    // User-typed names go as plain text, which Feishu does not interpret.
    expect(card.elements[0]?.fields?.every((f) => f.text.tag === 'plain_text')).toBe(true);
    expect(card.elements.at(-1)?.actions?.[0]).toMatchObject({
      tag: 'button',
      url: ALARM.board_url,
      text: { content: '打开预警看板' },
    });
  });

  it('colours a confirmation green and a test blue, in English for an English list', async () => {
    api.answer = feishuApi(SECRET, NOW.getTime());
    const confirmed: NotificationPayload = {
      event: 'alarm_confirmed',
      alarm: ALARM,
      confirmation: { at: '2026-07-12T06:34:00.000Z', by: 'Li Wei', note: 'Apron cleared' },
    };
    await channel().send(message({ event: 'alarm_confirmed', payload: confirmed }, 'en'));
    await channel().send(
      message(
        { event: 'test', payload: { event: 'test', at: NOW.toISOString(), board_url: ALARM.board_url } },
        'en',
      ),
    );
    const [confirmation, test] = api.seen.map((s) => s.json.card as Card);
    expect(confirmation?.header.template).toBe('green');
    expect(confirmation?.elements[0]?.fields?.map((f) => f.text.content)).toContain('Confirmed by\nLi Wei');
    expect(confirmation?.elements[1]?.text?.content).toContain('Note: Apron cleared');
    expect(test?.header).toMatchObject({ template: 'blue', title: { content: 'Thunderwatch test message' } });
  });

  it('fails, recording Feishu’s message, when the secret is not the bot’s', async () => {
    api.answer = feishuApi(SECRET, NOW.getTime());
    const err = await channelFailure(channel().send(message({ options: { secret: 'another-secret-1' } })));
    expect(err.permanent).toBe(true);
    expect(err.message).toBe(
      'Feishu refused the message (code 19021): sign match fail or timestamp is not within one hour from current time',
    );
  });

  it('fails when its clock is more than an hour off Feishu’s', async () => {
    api.answer = feishuApi(SECRET, NOW.getTime());
    const err = await channelFailure(channel(new Date(NOW.getTime() + 61 * 60_000)).send(message()));
    expect(err.message).toContain('code 19021');
  });

  it('sends neither timestamp nor sign without a secret; retries when Feishu limits the rate', async () => {
    api.answer = () => ({ status: 200, body: { code: 11232, msg: 'frequency limited', data: {} } });
    const err = await channelFailure(channel().send(message({ options: {} })));
    expect(err.permanent).toBe(false);
    expect(api.seen[0]?.json).not.toHaveProperty('sign');
    expect(api.seen[0]?.json).not.toHaveProperty('timestamp');
  });
});
