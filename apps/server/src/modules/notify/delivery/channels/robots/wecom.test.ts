import { describe, expect, it } from 'vitest';
import type { NotificationPayload, OutgoingMessage } from '../delivery-channel.js';
import { ALARM, channelFailure, outgoing } from '../fixtures/messages.js';
import {
  type RobotAnswer,
  type RobotRequestSeen,
  robotConfig,
  robotReceiverForFile,
} from '../fixtures/robot-receiver.js';
import { RobotChannel } from './robot-channel.js';
import { clipBytes, WECOM, WECOM_MARKDOWN_MAX_BYTES } from './wecom.js';

const NOW = new Date('2026-07-12T06:30:05.250Z');
const KEY = '693a91f6-7a2b-4bc4-97a0-0ec2b1fa5aaa';

/**
 * WeCom's group-robot API as documented (developer.work.weixin.qq.com/document/path/91770): the `key` in
 * the query names the robot (93000 "invalid webhook url" otherwise); a markdown message has at most 4096
 * bytes of content; errcode 0 "ok".
 */
function wecomApi(r: RobotRequestSeen): RobotAnswer {
  if (r.url.pathname !== '/cgi-bin/webhook/send' || r.url.searchParams.get('key') !== KEY)
    return { status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url, hint: [1752…]' } };
  const markdown = r.json.markdown as { content?: string } | undefined;
  if (r.json.msgtype !== 'markdown' || !markdown?.content)
    return { status: 200, body: { errcode: 40008, errmsg: 'invalid message type' } };
  if (Buffer.byteLength(markdown.content) > 4096)
    return { status: 200, body: { errcode: 40058, errmsg: 'markdown.content exceed max length 4096' } };
  return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
}

describe('WeCom robot channel', () => {
  const api = robotReceiverForFile(wecomApi);
  const channel = new RobotChannel(WECOM, robotConfig(NOW));
  const message = (patch: Partial<OutgoingMessage> = {}, language: 'zh-Hans' | 'en' = 'zh-Hans') =>
    outgoing(
      {
        channel: 'wecom',
        recipientKind: 'wecom',
        address: `${api.base}/cgi-bin/webhook/send?key=${KEY}`,
        ...patch,
      },
      language,
    );
  const content = (i = 0) => ((api.seen[i] as RobotRequestSeen).json.markdown as { content: string }).content;

  it('posts the alarm as markdown with the level in WeCom’s warning colour, the facts and the board link', async () => {
    await channel.send(message());
    expect(content().split('\n')).toEqual([
      '## 🔴 <font color="warning">【雷电红色预警】Apron ＜B＞ & "Dock"</font>',
      '> **站点**：Apron ＜B＞ & "Dock"',
      '> **等级**：红色（此前橙色）',
      '> **最近落雷**：4.2 公里，东北方',
      '> **雷暴动向**：逼近中，约 12 分钟到达 10 公里圈',
      '> **时间**：2026-07-12 14:30',
      '',
      `[打开预警看板](${ALARM.board_url})`,
    ]);
  });

  it('words it in English for an English list, and a confirmation in green (info)', async () => {
    const confirmed: NotificationPayload = {
      event: 'alarm_confirmed',
      alarm: ALARM,
      confirmation: { at: '2026-07-12T06:34:00.000Z', by: 'Li Wei', note: null },
    };
    await channel.send(message({ event: 'alarm_confirmed', payload: confirmed }, 'en'));
    expect(content()).toContain('## 🟢 <font color="info">Confirmed · Apron ＜B＞ & "Dock"</font>');
    expect(content()).toContain('> **Confirmed by**：Li Wei');
    expect(content()).toContain(`[Open the warning board](${ALARM.board_url})`);
  });

  it('fails with WeCom’s message when the key is not a robot’s', async () => {
    const err = await channelFailure(
      channel.send(message({ address: `${api.base}/cgi-bin/webhook/send?key=0000` })),
    );
    expect(err.permanent).toBe(true);
    expect(err.message).toContain('WeCom refused the message (errcode 93000): invalid webhook url');
  });

  it('retries on errcode 45009 (more than 20 messages a minute)', async () => {
    api.answer = () => ({ status: 200, body: { errcode: 45009, errmsg: 'api freq out of limit' } });
    const err = await channelFailure(channel.send(message()));
    expect(err.permanent).toBe(false);
    api.answer = wecomApi;
  });

  it('keeps long content within 4096 bytes without splitting a character', () => {
    const clipped = clipBytes('雷'.repeat(2000), WECOM_MARKDOWN_MAX_BYTES);
    expect(Buffer.byteLength(clipped)).toBeLessThanOrEqual(WECOM_MARKDOWN_MAX_BYTES);
    expect(clipped.endsWith('雷…')).toBe(true);
  });
});
