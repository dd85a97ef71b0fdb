import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../delivery-channel.js';
import { ALARM, channelFailure, outgoing } from '../fixtures/messages.js';
import {
  type RobotAnswer,
  type RobotRequestSeen,
  robotConfig,
  robotReceiverForFile,
} from '../fixtures/robot-receiver.js';
import { RobotChannel } from './robot-channel.js';
import { SLACK } from './slack.js';

const NOW = new Date('2026-07-12T06:30:05.250Z');
const HOOK_PATH = '/services/T000/B000/XXXX';

/** Slack's incoming webhooks as documented (api.slack.com/messaging/webhooks): `ok`, or a 4xx and a word. */
function slackApi(r: RobotRequestSeen): RobotAnswer {
  if (r.url.pathname !== HOOK_PATH) return { status: 404, body: 'no_service' };
  if (typeof r.json.text !== 'string' && !Array.isArray(r.json.attachments))
    return { status: 400, body: 'invalid_payload' };
  return { status: 200, body: 'ok' };
}

interface Attachment {
  color: string;
  title: string;
  title_link: string;
  fields: { title: string; value: string; short: boolean }[];
  footer: string;
}

describe('Slack-compatible robot channel', () => {
  const api = robotReceiverForFile(slackApi);
  const channel = new RobotChannel(SLACK, robotConfig(NOW));
  const message = (patch: Partial<OutgoingMessage> = {}, language: 'zh-Hans' | 'en' = 'en') =>
    outgoing(
      { channel: 'slack', recipientKind: 'slack', address: `${api.base}${HOOK_PATH}`, ...patch },
      language,
    );

  it('posts an attachment with the level’s colour bar, the facts as fields and the board link, escaped for Slack', async () => {
    await channel.send(message());
    const { json } = api.seen[0] as RobotRequestSeen;
    expect(json.text).toBe('Red warning · Apron &lt;B&gt; &amp; "Dock"');
    const [attachment] = json.attachments as [Attachment];
    expect(attachment).toMatchObject({ color: '#e60012', title_link: ALARM.board_url });
    expect(attachment.fields).toEqual([
      { title: 'Site', value: 'Apron &lt;B&gt; &amp; "Dock"', short: true },
      { title: 'Level', value: 'Red (was orange)', short: true },
      { title: 'Nearest stroke', value: '4.2 km NE', short: true },
      { title: 'Storm', value: 'Approaching, about 12 min to the 10 km ring', short: true },
      { title: 'Time', value: '2026-07-12 14:30', short: true },
    ]);
    expect(attachment.footer).toBe(`<${ALARM.board_url}|Open the warning board>`);
  });

  it('words it in Chinese for a Chinese list', async () => {
    await channel.send(message({}, 'zh-Hans'));
    const [attachment] = (api.seen[0] as RobotRequestSeen).json.attachments as [Attachment];
    expect(attachment.fields[0]).toEqual({
      title: '站点',
      value: 'Apron &lt;B&gt; &amp; "Dock"',
      short: true,
    });
  });

  it('fails, recording Slack’s word, when the hook is gone; counts a 200 that is not "ok" as failed', async () => {
    const gone = await channelFailure(
      channel.send(message({ address: `${api.base}/services/T000/B000/GONE` })),
    );
    expect(gone.permanent).toBe(true);
    expect(gone.message).toBe('Receiver answered 404: no_service');
    api.answer = () => ({ status: 200, body: 'maybe' });
    const odd = await channelFailure(channel.send(message()));
    expect(odd.message).toBe('Slack answered 200: maybe instead of ok');
  });

  it('takes the answers of compatible services: JSON success (Rocket.Chat) and 204', async () => {
    api.answer = () => ({ status: 200, body: { success: true } });
    await channel.send(message());
    api.answer = () => ({ status: 204, body: '' });
    await channel.send(message());
    expect(api.seen).toHaveLength(2);
  });
});
