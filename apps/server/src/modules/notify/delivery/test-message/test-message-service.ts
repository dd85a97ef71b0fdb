import { randomUUID } from 'node:crypto';
import { channelsFor } from '@thunderwatch/domain/notify/delivery-rules';
import type { Language } from '@thunderwatch/shared/languages';
import { isSignedKind } from '@thunderwatch/shared/notifications';
import type { RecipientInput } from '@thunderwatch/shared/schemas/distribution';
import type { DeliveryRecord, TestMessageInput } from '@thunderwatch/shared/schemas/notifications';
import type { Queryable } from '../../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../../lib/access.js';
import { AppError } from '../../../../lib/app-error.js';
import { testPermission } from '../../distribution/distribution-service.js';
import type { StoredRecipient } from '../../distribution/webhook-options.js';
import { userAddress } from '../delivery-plan.js';
import type { DeliveryWorker } from '../delivery-worker.js';
import type { NewDelivery, OutboxRepo } from '../outbox-repo.js';
import type { RecipientsRepo } from '../recipients-repo.js';

/**
 * "Send a test message": one message now, through one channel, to one recipient, answered with how it went.
 * It goes through the outbox and the worker's own delivery step, so it proves the path alarms take.
 * Anyone may test a channel to themselves; testing other recipients is for those who manage lists.
 */
export class TestMessageService {
  constructor(
    private readonly d: {
      db: Queryable;
      outbox: OutboxRepo;
      recipients: RecipientsRepo;
      worker: Pick<DeliveryWorker, 'deliver'>;
      lists: {
        testRecipient(
          user: AuthUser,
          r: RecipientInput,
          listId?: number,
        ): Promise<{ groupId: number; recipient: StoredRecipient; language: Language | null }>;
      };
      defaults: { language: Language; timeZone: string };
      boardUrl: string;
      leaseMs: number;
      now: () => Date;
    },
  ) {}

  async send(user: AuthUser, input: TestMessageInput): Promise<DeliveryRecord> {
    requirePermission(user, testPermission(user, input.recipient));
    if (input.recipient.kind === 'role') {
      throw new AppError('validation.failed', 400, 'A role is tested through its members', [
        {
          field: 'recipient/kind',
          message: 'a role recipient is not one address: test each user of the role',
        },
      ]);
    }
    if (channelsFor(input.recipient.kind, [input.channel]).length === 0) {
      throw new AppError('validation.failed', 400, 'The channel cannot reach this recipient', [
        { field: 'channel', message: `${input.channel} does not reach a ${input.recipient.kind} recipient` },
      ]);
    }
    const tested = await this.d.lists.testRecipient(user, input.recipient, input.list_id);
    const { groupId, recipient } = tested;
    const target = await this.targetOf(recipient, input.channel, tested.language);
    const now = this.d.now();
    const row: NewDelivery = {
      idempotencyKey: `test:${randomUUID()}`,
      groupId,
      event: 'test',
      alarmId: null,
      listId: input.list_id ?? null,
      tier: 0,
      channel: input.channel,
      recipientKind: recipient.kind,
      recipientValue: recipient.value,
      userId: target.userId,
      address: target.address,
      language: target.language,
      locationId: null,
      level: null,
      quietHours: null,
      timeZone: target.timeZone,
      channelOptions: isSignedKind(recipient.kind)
        ? {
            ...(recipient.kind === 'webhook' ? { format: recipient.format ?? 'json' } : {}),
            ...(recipient.secret ? { secret: recipient.secret } : {}),
          }
        : null,
      payload: { event: 'test', at: now.toISOString(), board_url: this.d.boardUrl },
      createdAt: now,
      nextAttemptAt: now,
    };
    const id = await this.d.outbox.insertClaimed(row, new Date(now.getTime() + this.d.leaseMs));
    const outcome = await this.d.worker.deliver({
      ...row,
      id,
      tier: 0,
      attempts: 1,
      channelOptions: row.channelOptions ?? {},
      alarmConfirmed: false,
    });
    return {
      id,
      event: 'test',
      alarm_id: null,
      list_id: row.listId,
      tier: 0,
      channel: row.channel,
      recipient: { kind: recipient.kind, value: recipient.value },
      recipient_name: target.name,
      location_id: null,
      level: null,
      status: outcome.status,
      reason: null,
      attempts: 1,
      last_error: outcome.error,
      created_at: now.toISOString(),
      finished_at: this.d.now().toISOString(),
      latency_ms: outcome.latencyMs,
      digest_id: null,
    };
  }

  /** Where the channel reaches the recipient, and how they read (an address: as the list says, if it does). */
  private async targetOf(
    r: StoredRecipient,
    channel: TestMessageInput['channel'],
    language: Language | null,
  ) {
    if (r.kind !== 'user') {
      return {
        userId: null,
        name: null,
        address: r.value,
        ...this.d.defaults,
        language: language ?? this.d.defaults.language,
      };
    }
    const [user] = await this.d.recipients.users(this.d.db, [Number(r.value)]);
    const address = user ? userAddress(user, channel) : null;
    if (!user || !address) {
      throw new AppError('notification.no_address', 400, `The user has no ${channel} address`, [
        { field: 'recipient/value', message: `has no ${channel} address (profile, or WeChat binding)` },
      ]);
    }
    return { userId: user.id, name: user.name, address, language: user.language, timeZone: user.timeZone };
  }
}
