import { emailProblem, phoneProblem, wechatProblem } from '@thunderwatch/domain/notify/recipient-checks';
import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import { RECIPIENT_ROLES } from '@thunderwatch/shared/notifications';
import type { Permission } from '@thunderwatch/shared/permissions';
import type {
  DistributionInput,
  DistributionList,
  RecipientInput,
} from '@thunderwatch/shared/schemas/distribution';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope, writeGroup } from '../../../lib/group-scope.js';
import { robotUrlProblem } from '../../../lib/robot-url.js';
import { webhookTargetProblem } from '../../../lib/webhook-guard.js';
import type { DistributionRepo, StoredInput } from './distribution-repo.js';
import {
  optionProblems,
  publicList,
  type StoredList,
  type StoredRecipient,
  type StoredRecipients,
  toStored,
  userIdsOf,
} from './webhook-options.js';

const notFound = () => new AppError('distribution.not_found', 404, 'No such distribution list');

/** Anyone may send a test message to themselves; testing any other recipient is for those who manage lists. */
export function testPermission(user: AuthUser, recipient: RecipientInput): Permission {
  const self = recipient.kind === 'user' && recipient.value === String(user.id);
  return self ? 'profile.update' : 'distribution.manage';
}

/** The input as stored: webhook secrets kept from `current` where the input leaves them out. */
const stored = (input: DistributionInput, current: StoredRecipients | null): StoredInput => ({
  ...input,
  recipients: toStored(input.recipients, 'recipients', current),
  escalate_to: input.escalate_to ? toStored(input.escalate_to, 'escalate_to', current) : null,
});

/**
 * Distribution lists of a group: who is told of which alarms, through which channels, in which quiet
 * hours, and who is told next when nobody confirms. Every recipient is checked before a list is stored:
 * phone numbers, e-mail addresses and WeChat openids by form, users as members of the group, webhook and
 * robot URLs by form and by where they point. Signing secrets are stored but never shown (`has_secret`).
 */
export class DistributionService {
  constructor(
    private readonly d: {
      lists: DistributionRepo;
      groupExists: (id: number) => Promise<boolean>;
      allowPrivateWebhooks: boolean;
      now: () => Date;
    },
  ) {}

  async list(user: AuthUser, groupId?: number): Promise<{ items: DistributionList[] }> {
    requirePermission(user, 'location.read');
    return { items: await this.shown(await this.d.lists.list(readScope(user, groupId))) };
  }

  async add(user: AuthUser, input: DistributionInput, groupId?: number): Promise<DistributionList> {
    requirePermission(user, 'distribution.manage');
    const group = await writeGroup(user, groupId, this.d.groupExists);
    await this.check(group, input);
    return (
      await this.shown([await this.d.lists.create(group, stored(input, null), user.id)])
    )[0] as DistributionList;
  }

  async update(user: AuthUser, id: number, input: DistributionInput): Promise<DistributionList> {
    requirePermission(user, 'distribution.manage');
    const scope = readScope(user, undefined);
    const current = await this.d.lists.get(id, scope);
    if (!current) throw notFound();
    await this.check(current.group_id, input);
    const updated = await this.d.lists.update(id, scope, stored(input, current), this.d.now());
    if (!updated) throw notFound();
    return (await this.shown([updated]))[0] as DistributionList;
  }

  /** Lists as the API shows them, user recipients named. */
  private async shown(lists: readonly StoredList[]): Promise<DistributionList[]> {
    const names = await this.d.lists.userNames(userIdsOf(lists));
    return lists.map((l) => publicList(l, names));
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'distribution.manage');
    if (!(await this.d.lists.delete(id, readScope(user, undefined)))) throw notFound();
  }

  /**
   * A recipient of a test message, checked as a list checks it, in the group of list `listId` (the
   * caller's when none). A webhook typed without a secret is signed with the secret the list stores for it.
   */
  async testRecipient(
    user: AuthUser,
    recipient: RecipientInput,
    listId?: number,
  ): Promise<{ groupId: number; recipient: StoredRecipient; language: DistributionList['language'] }> {
    requirePermission(user, testPermission(user, recipient));
    const list = listId === undefined ? null : await this.d.lists.get(listId, readScope(user, undefined));
    if (listId !== undefined && !list) throw notFound();
    const groupId = list?.group_id ?? user.groupId;
    const problems = await this.recipientProblems(groupId, [recipient], 'recipient');
    if (problems.length > 0) {
      const named = problems.map((p) => ({ ...p, field: p.field.replace('recipient/0/', 'recipient/') }));
      throw new AppError('validation.failed', 400, 'The recipient is not valid', named);
    }
    return {
      groupId,
      recipient: toStored([recipient], 'recipients', list)[0] as StoredRecipient,
      language: list?.language ?? null,
    };
  }

  private async check(groupId: number, input: DistributionInput): Promise<void> {
    const problems: ErrorDetail[] = [];
    if (input.locations !== 'all') {
      const known = await this.d.lists.locationsOfGroup(groupId, input.locations);
      input.locations.forEach((id, i) => {
        if (!known.has(id))
          problems.push({ field: `locations/${i}`, message: `location ${id} is not one of the group's` });
      });
    }
    if (new Set(input.channels).size !== input.channels.length) {
      problems.push({ field: 'channels', message: 'lists a channel twice' });
    }
    problems.push(...(await this.recipientProblems(groupId, input.recipients, 'recipients')));
    const escalates = input.escalate_after_min != null;
    const escalateTo = input.escalate_to ?? [];
    if (escalates !== escalateTo.length > 0) {
      problems.push({
        field: escalates ? 'escalate_to' : 'escalate_after_min',
        message: 'escalation needs both escalate_after_min and at least one escalate_to recipient',
      });
    }
    problems.push(...(await this.recipientProblems(groupId, escalateTo, 'escalate_to')));
    if (problems.length > 0)
      throw new AppError('validation.failed', 400, 'The distribution list is not valid', problems);
  }

  private async recipientProblems(groupId: number, recipients: readonly RecipientInput[], field: string) {
    const problems: ErrorDetail[] = optionProblems(recipients, field);
    const userIds = recipients.filter((r) => r.kind === 'user').map((r) => Number(r.value));
    const members = await this.d.lists.eligibleUsers(groupId, userIds.filter(Number.isSafeInteger));
    for (const [i, r] of recipients.entries()) {
      const problem = await this.valueProblem(r, members);
      if (problem) problems.push({ field: `${field}/${i}/value`, message: `${r.value} ${problem}` });
    }
    return problems;
  }

  private async valueProblem(r: RecipientInput, members: Set<number>): Promise<string | null> {
    switch (r.kind) {
      case 'user':
        return members.has(Number(r.value)) ? null : 'is not a user of the group (or an administrator)';
      case 'role':
        return (RECIPIENT_ROLES as readonly string[]).includes(r.value)
          ? null
          : `is not a role (${RECIPIENT_ROLES.join(', ')})`;
      case 'phone':
        return phoneProblem(r.value);
      case 'email':
        return emailProblem(r.value);
      case 'wechat':
        return wechatProblem(r.value);
      case 'webhook':
        return webhookTargetProblem(r.value, this.d.allowPrivateWebhooks);
      case 'dingtalk':
      case 'wecom':
      case 'feishu':
      case 'slack':
        return (
          robotUrlProblem(r.kind, r.value) ??
          (await webhookTargetProblem(r.value, this.d.allowPrivateWebhooks))
        );
    }
  }
}
