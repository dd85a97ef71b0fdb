import { secretProblem } from '@thunderwatch/domain/notify/recipient-checks';
import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import { isSignedKind, type RecipientKind, type WebhookFormat } from '@thunderwatch/shared/notifications';
import type { DistributionList, Recipient, RecipientInput } from '@thunderwatch/shared/schemas/distribution';

/** A recipient as stored: a webhook's or robot's signing secret in clear, since the outbox signs with it. */
export interface StoredRecipient {
  kind: RecipientKind;
  value: string;
  format?: WebhookFormat;
  secret?: string;
}

/** A list as stored; only `publicList` turns it into what the API may show. */
export interface StoredList extends Omit<DistributionList, 'recipients' | 'escalate_to'> {
  recipients: StoredRecipient[];
  escalate_to: StoredRecipient[] | null;
}

export type StoredRecipients = Pick<StoredList, 'recipients' | 'escalate_to'>;

/** User names by id, to show who a user recipient is. */
export type UserNames = ReadonlyMap<number, string>;

/**
 * What the API shows of a recipient: a webhook's format, whether a signed kind has a secret (never the
 * secret), and a user's name.
 */
export function publicRecipient(r: StoredRecipient, names: UserNames = new Map()): Recipient {
  const shown: Recipient = { kind: r.kind, value: r.value };
  if (r.kind === 'webhook') shown.format = r.format ?? 'json';
  if (isSignedKind(r.kind)) shown.has_secret = Boolean(r.secret);
  const name = r.kind === 'user' ? names.get(Number(r.value)) : undefined;
  if (name !== undefined) shown.name = name;
  return shown;
}

export function publicList(list: StoredList, names?: UserNames): DistributionList {
  return {
    ...list,
    recipients: list.recipients.map((r) => publicRecipient(r, names)),
    escalate_to: list.escalate_to?.map((r) => publicRecipient(r, names)) ?? null,
  };
}

/** The user ids a list names, to look their names up. */
export const userIdsOf = (lists: readonly StoredRecipients[]): number[] => [
  ...new Set(
    lists
      .flatMap((l) => [...l.recipients, ...(l.escalate_to ?? [])])
      .filter((r) => r.kind === 'user')
      .map((r) => Number(r.value))
      .filter(Number.isSafeInteger),
  ),
];

/**
 * `format` belongs to webhooks, `secret` to webhooks, DingTalk and Feishu robots; anywhere else they are a
 * mistake worth naming, as is a secret not in its vendor's form.
 */
export function optionProblems(recipients: readonly RecipientInput[], field: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  recipients.forEach((r, i) => {
    if (r.format !== undefined && r.kind !== 'webhook') {
      problems.push({ field: `${field}/${i}/format`, message: 'only webhook recipients take a format' });
    }
    if (r.secret === undefined) return;
    if (!isSignedKind(r.kind)) {
      problems.push({
        field: `${field}/${i}/secret`,
        message: 'only webhook, DingTalk and Feishu recipients take a secret',
      });
      return;
    }
    const problem = r.secret ? secretProblem(r.kind, r.secret) : null;
    if (problem) problems.push({ field: `${field}/${i}/secret`, message: problem });
  });
  return problems;
}

/**
 * The recipients to store. A webhook or signed robot sent without `secret` keeps the secret stored for the
 * same kind and URL (in the same tier first, then the other), so that editing a list, whose answers never
 * carry secrets, does not drop them; `secret: null` removes it. JSON, the default format, is stored as no
 * format.
 */
export function toStored(
  input: readonly RecipientInput[],
  tier: 'recipients' | 'escalate_to',
  current: StoredRecipients | null,
): StoredRecipient[] {
  const other = tier === 'recipients' ? 'escalate_to' : 'recipients';
  const secretOf = (kind: RecipientKind, url: string) =>
    [...(current?.[tier] ?? []), ...(current?.[other] ?? [])].find((r) => r.kind === kind && r.value === url)
      ?.secret;
  return input.map((r): StoredRecipient => {
    if (!isSignedKind(r.kind)) return { kind: r.kind, value: r.value };
    const secret = r.secret === undefined ? secretOf(r.kind, r.value) : (r.secret ?? undefined);
    return {
      kind: r.kind,
      value: r.value,
      ...(r.kind === 'webhook' && r.format === 'cap' ? { format: 'cap' as const } : {}),
      ...(secret ? { secret } : {}),
    };
  });
}
