import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { RecipientKind, WebhookFormat } from '@thunderwatch/shared/notifications';
import type { DistributionList, Recipient, RecipientInput } from '@thunderwatch/shared/schemas/distribution';

/** A recipient as stored: a webhook's signing secret in clear, since the outbox signs with it. */
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

/** What the API shows of a recipient: a webhook's format and whether it has a secret, never the secret. */
export function publicRecipient(r: StoredRecipient): Recipient {
  if (r.kind !== 'webhook') return { kind: r.kind, value: r.value };
  return { kind: r.kind, value: r.value, format: r.format ?? 'json', has_secret: Boolean(r.secret) };
}

export function publicList(list: StoredList): DistributionList {
  return {
    ...list,
    recipients: list.recipients.map(publicRecipient),
    escalate_to: list.escalate_to?.map(publicRecipient) ?? null,
  };
}

/** `format` and `secret` belong to webhooks; on any other recipient they are a mistake worth naming. */
export function optionProblems(recipients: readonly RecipientInput[], field: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  recipients.forEach((r, i) => {
    if (r.kind === 'webhook') return;
    for (const option of ['format', 'secret'] as const) {
      if (r[option] !== undefined) {
        problems.push({
          field: `${field}/${i}/${option}`,
          message: `only webhook recipients take a ${option}`,
        });
      }
    }
  });
  return problems;
}

/**
 * The recipients to store. A webhook sent without `secret` keeps the secret stored for the same URL (in the
 * same tier first, then the other), so that editing a list, whose answers never carry secrets, does not
 * drop them; `secret: null` removes it. JSON, the default format, is stored as no format.
 */
export function toStored(
  input: readonly RecipientInput[],
  tier: 'recipients' | 'escalate_to',
  current: StoredRecipients | null,
): StoredRecipient[] {
  const other = tier === 'recipients' ? 'escalate_to' : 'recipients';
  const secretOf = (url: string) =>
    [...(current?.[tier] ?? []), ...(current?.[other] ?? [])].find(
      (r) => r.kind === 'webhook' && r.value === url,
    )?.secret;
  return input.map((r): StoredRecipient => {
    if (r.kind !== 'webhook') return { kind: r.kind, value: r.value };
    const secret = r.secret === undefined ? secretOf(r.value) : (r.secret ?? undefined);
    return {
      kind: r.kind,
      value: r.value,
      ...(r.format === 'cap' ? { format: 'cap' as const } : {}),
      ...(secret ? { secret } : {}),
    };
  });
}
