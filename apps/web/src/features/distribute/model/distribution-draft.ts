import { secretProblem } from '@thunderwatch/domain/notify/recipient-checks';
import type { Language } from '@thunderwatch/shared/languages';
import {
  type Channel,
  isSignedKind,
  type RecipientKind,
  WEBHOOK_SECRET_LENGTH,
  type WebhookFormat,
} from '@thunderwatch/shared/notifications';
import type {
  DistributionInput,
  DistributionList,
  Recipient,
  RecipientInput,
} from '@thunderwatch/shared/schemas/distribution';

/** One recipient row as typed; its index matches the server's `recipients/<i>/value` details. */
export interface RecipientDraft {
  kind: RecipientKind;
  /** The user's id, or the address or URL as typed. */
  value: string;
  /** Users: the chosen user's name, shown instead of the id. */
  name: string;
  /** Webhooks: the request body's format. */
  format: WebhookFormat;
  /** Webhooks and signed robots: a new signing secret as typed; empty keeps the stored one. */
  secret: string;
  /** Signed kinds: the URL the server holds a secret for (it keeps secrets by URL), null when none. */
  storedSecretUrl: string | null;
  /** Signed kinds: remove the stored secret on save. */
  forgetSecret: boolean;
}

/** Names a recipient row's controls for screen readers: "Recipients 2, value". */
export type RowLabel = { legend: string; n: number };

/** The form's state: text as typed, converted to a DistributionInput only on submit. */
export interface DistributionDraft {
  name: string;
  allLocations: boolean;
  locations: number[];
  minLevel: 1 | 2 | 3;
  channels: Channel[];
  recipients: RecipientDraft[];
  quietFrom: string;
  quietTo: string;
  escalate: boolean;
  escalateAfter: string;
  escalateTo: RecipientDraft[];
  /** What recipients that are not users read; '' for the server's default. */
  language: Language | '';
  /**
   * The group's duty list: its name as shown (in the reader's language) and as stored. Saved unchanged, it
   * keeps the stored one, and so stays named in each reader's language.
   */
  builtinName: { shown: string; stored: string } | null;
}

/** A problem found before sending: `field` uses the server's paths, `key` names the text under distribute.problem. */
export interface DraftProblem {
  field: string;
  key:
    | 'required'
    | 'time'
    | 'quiet_pair'
    | 'minutes'
    | 'no_recipients'
    | 'no_channels'
    | 'no_locations'
    | 'secret_length'
    | 'secret_form';
}

export type DraftResult =
  | { input: DistributionInput; problems: [] }
  | { input: null; problems: DraftProblem[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const newRecipient = (): RecipientDraft => ({
  kind: 'user',
  value: '',
  name: '',
  format: 'json',
  secret: '',
  storedSecretUrl: null,
  forgetSecret: false,
});

/** Whether saving keeps a secret the server holds for this row's URL (shown as "stored"). */
export const keepsStoredSecret = (row: RecipientDraft) =>
  isSignedKind(row.kind) && row.storedSecretUrl === row.value.trim() && !row.forgetSecret;

/**
 * A row with another kind: a user id is no address and an address no user, so switching to or from a
 * user (or a role) starts the value afresh; the secret stays only between kinds that take one.
 */
export function withKind(row: RecipientDraft, kind: RecipientKind): Partial<RecipientDraft> {
  const fresh = kind === 'user' || row.kind === 'user' || row.kind === 'role';
  return {
    kind,
    // A role is chosen from a list: it starts at the group's administrators.
    ...(kind === 'role' ? { value: 'group_admin', name: '' } : fresh ? { value: '', name: '' } : {}),
    ...(isSignedKind(kind) ? {} : { secret: '', forgetSecret: false }),
  };
}

export function newDistributionDraft(): DistributionDraft {
  return {
    name: '',
    allLocations: true,
    locations: [],
    minLevel: 1,
    channels: ['inapp'],
    recipients: [newRecipient()],
    quietFrom: '',
    quietTo: '',
    escalate: false,
    escalateAfter: '',
    escalateTo: [newRecipient()],
    language: '',
    builtinName: null,
  };
}

const copyRecipients = (recipients: readonly Recipient[]): RecipientDraft[] =>
  recipients.map((r) => ({
    ...newRecipient(),
    kind: r.kind,
    value: r.value,
    // A user the server could not name (gone since) still shows as their id.
    name: r.name ?? (r.kind === 'user' ? `#${r.value}` : ''),
    format: r.format ?? 'json',
    storedSecretUrl: r.has_secret ? r.value : null,
  }));

/** The form of a stored list; `shownName` is its name as the screen shows it (`listName`). */
export function draftFromList(list: DistributionList, shownName = list.name): DistributionDraft {
  const escalates = list.escalate_after_min !== null && list.escalate_to !== null;
  return {
    name: shownName,
    builtinName: list.builtin ? { shown: shownName, stored: list.name } : null,
    allLocations: list.locations === 'all',
    locations: list.locations === 'all' ? [] : [...list.locations],
    minLevel: list.min_level,
    channels: [...list.channels],
    recipients: copyRecipients(list.recipients),
    quietFrom: list.quiet_hours?.from ?? '',
    quietTo: list.quiet_hours?.to ?? '',
    escalate: escalates,
    escalateAfter: escalates ? String(list.escalate_after_min) : '',
    escalateTo: escalates && list.escalate_to ? copyRecipients(list.escalate_to) : [newRecipient()],
    language: list.language ?? '',
  };
}

function recipientProblems(rows: RecipientDraft[], field: string): DraftProblem[] {
  if (rows.length === 0) return [{ field, key: 'no_recipients' }];
  return rows.flatMap((row, i) => {
    const problems: DraftProblem[] = [];
    if (!row.value.trim()) problems.push({ field: `${field}/${i}/value`, key: 'required' });
    if (!isSignedKind(row.kind) || !row.secret) return problems;
    const length = row.secret.length;
    if (length < WEBHOOK_SECRET_LENGTH.min || length > WEBHOOK_SECRET_LENGTH.max)
      problems.push({ field: `${field}/${i}/secret`, key: 'secret_length' });
    else if (secretProblem(row.kind, row.secret))
      problems.push({ field: `${field}/${i}/secret`, key: 'secret_form' });
    return problems;
  });
}

/**
 * What the server takes of a row: a webhook's format, and a signed kind's secret only when typed (else
 * kept) or to be removed (null).
 */
export function recipientInput(row: RecipientDraft): RecipientInput {
  const value = row.value.trim();
  if (!isSignedKind(row.kind)) return { kind: row.kind, value };
  const input: RecipientInput = { kind: row.kind, value };
  if (row.kind === 'webhook') input.format = row.format;
  if (row.secret) input.secret = row.secret;
  else if (row.forgetSecret) input.secret = null;
  return input;
}

const trimmed = (rows: RecipientDraft[]): RecipientInput[] => rows.map(recipientInput);

/** The input the server takes, or every problem a user can fix before sending. */
export function draftToInput(draft: DistributionDraft): DraftResult {
  const problems: DraftProblem[] = [];
  const typed = draft.name.trim();
  const name = draft.builtinName && typed === draft.builtinName.shown ? draft.builtinName.stored : typed;
  if (!name) problems.push({ field: 'name', key: 'required' });
  if (!draft.allLocations && draft.locations.length === 0)
    problems.push({ field: 'locations', key: 'no_locations' });
  if (draft.channels.length === 0) problems.push({ field: 'channels', key: 'no_channels' });
  problems.push(...recipientProblems(draft.recipients, 'recipients'));

  const from = draft.quietFrom.trim();
  const to = draft.quietTo.trim();
  if (from && !TIME.test(from)) problems.push({ field: 'quiet_hours/from', key: 'time' });
  if (to && !TIME.test(to)) problems.push({ field: 'quiet_hours/to', key: 'time' });
  if (Boolean(from) !== Boolean(to)) problems.push({ field: 'quiet_hours', key: 'quiet_pair' });

  const minutes = Number(draft.escalateAfter.trim());
  if (draft.escalate) {
    if (!/^\d+$/.test(draft.escalateAfter.trim()) || minutes < 1)
      problems.push({ field: 'escalate_after_min', key: 'minutes' });
    problems.push(...recipientProblems(draft.escalateTo, 'escalate_to'));
  }
  if (problems.length > 0) return { input: null, problems };

  return {
    input: {
      name,
      locations: draft.allLocations ? 'all' : [...draft.locations],
      min_level: draft.minLevel,
      channels: [...draft.channels],
      recipients: trimmed(draft.recipients),
      quiet_hours: from ? { from, to } : null,
      escalate_after_min: draft.escalate ? minutes : null,
      escalate_to: draft.escalate ? trimmed(draft.escalateTo) : null,
      language: draft.language || null,
    },
    problems: [],
  };
}
