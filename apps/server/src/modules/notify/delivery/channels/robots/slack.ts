import type { RobotCard } from '../../templates/robot-card.js';
import { ChannelError, type OutgoingMessage } from '../delivery-channel.js';
import type { PostAnswer } from '../webhook-http.js';
import type { RobotRequest, RobotVendor } from './robot-channel.js';
import { jsonReply } from './vendor-reply.js';

/**
 * Slack's mrkdwn escaping: &, < and > as HTML entities, so a name cannot make a link or a mention.
 * Source: api.slack.com/reference/surfaces/formatting (Escaping text).
 */
export const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The card as an incoming-webhook message: `text` for notifications, and one attachment with the level's
 * `color` bar, a linked title, the facts as short `fields` and the text. Attachments (rather than Block
 * Kit alone, which has no colour bar) are what Slack-compatible services (Mattermost, Rocket.Chat) read too.
 * Source: api.slack.com/messaging/webhooks and api.slack.com/reference/messaging/attachments.
 */
export function slackBody(card: RobotCard): object {
  return {
    text: slackText(card.title),
    attachments: [
      {
        fallback: slackText(card.title),
        color: card.colour,
        title: slackText(card.title),
        title_link: card.link,
        fields: card.fields.map((f) => ({ title: f.label, value: slackText(f.value), short: true })),
        ...(card.text ? { text: slackText(card.text) } : {}),
        footer: `<${card.link}|${slackText(card.linkLabel)}>`,
      },
    ],
  };
}

/**
 * Slack answers 200 with the body `ok`, and refuses with a 4xx and a word (`invalid_payload`, `no_service`,
 * `channel_is_archived`…), which the transport records. Compatible services answer `ok` too, or JSON with
 * `ok`/`success` true (Rocket.Chat), or 204; any other 2xx did not say it posted the message.
 */
export function slackVerdict(answer: PostAnswer): ChannelError | null {
  const body = answer.excerpt.trim();
  if (body === 'ok' || answer.status === 204) return null;
  const reply = jsonReply(answer);
  if (reply?.ok === true || reply?.success === true) return null;
  const said = body ? `: ${body.slice(0, 300)}` : ' with an empty body';
  return new ChannelError('slack.refused', `Slack answered ${answer.status}${said} instead of ok`, true);
}

/** Slack incoming webhooks and the services that take the same requests. */
export const SLACK: RobotVendor = {
  name: 'slack',
  label: 'Slack',
  request: (m: OutgoingMessage, card: RobotCard): RobotRequest => ({
    url: new URL(m.address),
    body: slackBody(card),
  }),
  verdict: slackVerdict,
};
