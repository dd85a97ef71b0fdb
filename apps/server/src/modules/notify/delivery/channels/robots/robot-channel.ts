import type { RobotChannel as RobotChannelName } from '@thunderwatch/shared/notifications';
import { webhookTargetProblem } from '../../../../../lib/webhook-guard.js';
import type { RobotCard } from '../../templates/robot-card.js';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from '../delivery-channel.js';
import { answerError, transportError } from '../webhook-errors.js';
import { type PostAnswer, postOnce } from '../webhook-http.js';

/** Where a robot's message goes (the recipient's URL, perhaps with signing parameters) and what it says. */
export interface RobotRequest {
  url: URL;
  body: unknown;
}

/** One vendor's robot: how its requests are signed and laid out, and how it says whether it took them. */
export interface RobotVendor {
  readonly name: RobotChannelName;
  /** The vendor's name in delivery records. */
  readonly label: string;
  request(m: OutgoingMessage, card: RobotCard, sentAt: Date): RobotRequest;
  /** The vendor's verdict on a 2xx answer: null when it took the message, else why not. */
  verdict(answer: PostAnswer): ChannelError | null;
}

export interface RobotChannelConfig {
  /** WEBHOOK_TIMEOUT_MS. */
  timeoutMs: number;
  /** ALLOW_PRIVATE_WEBHOOKS: on-premise (or test) robots on private or loopback addresses. */
  allowPrivateWebhooks: boolean;
  now: () => Date;
}

/** Vendors' error messages can be long (DingTalk's name a solution and a link): this much is kept. */
const REPLY_BYTES = 2000;

/**
 * Posts each message as its vendor's card to a group robot's webhook, through the same guarded transport as
 * webhooks (where the URL points is checked again at send time; no redirects; one timeout for it all).
 * A 2xx answer is not enough: the vendor's own result code decides, and its message is what the delivery
 * record shows when it refused.
 */
export class RobotChannel implements DeliveryChannel {
  readonly unavailable = null;

  constructor(
    private readonly vendor: RobotVendor,
    private readonly config: RobotChannelConfig,
  ) {}

  get name(): RobotChannelName {
    return this.vendor.name;
  }

  async send(m: OutgoingMessage): Promise<void> {
    const { timeoutMs, allowPrivateWebhooks } = this.config;
    const problem = await webhookTargetProblem(m.address, allowPrivateWebhooks);
    if (problem) throw new ChannelError(`${this.name}.refused_target`, `${m.address} ${problem}`, true);

    const card = m.words.card(m.language);
    const { url, body } = this.vendor.request(m, card, this.config.now());
    let answer: PostAnswer;
    try {
      answer = await postOnce(
        url,
        JSON.stringify(body),
        { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Thunderwatch-Robot/1' },
        { timeoutMs, allowPrivate: allowPrivateWebhooks, keepBytes: REPLY_BYTES },
      );
    } catch (err) {
      throw transportError(err, timeoutMs);
    }
    const refused = answerError(answer) ?? this.vendor.verdict(answer);
    if (refused) throw refused;
  }
}
