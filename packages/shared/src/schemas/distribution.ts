import { type Static, Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from '../languages.js';
import { CHANNELS, RECIPIENT_KINDS, WEBHOOK_FORMATS, WEBHOOK_SECRET_LENGTH } from '../notifications.js';
import { Id, Nullable } from './kit.js';

/** HTTP schemas of the distribution lists: who of a group is told of which alarms, how, and who next. */

const recipientFields = {
  kind: Type.Enum(RECIPIENT_KINDS),
  value: Type.String({ minLength: 1, maxLength: 2000 }),
  format: Type.Optional(Type.Enum(WEBHOOK_FORMATS, { description: 'Webhooks: json (default) or cap' })),
};

/**
 * A recipient as the API takes it. `value`: a user id (as a string), a role (`group_admin`, `operator` or
 * `viewer`: everyone of the group at that role or above when a message is sent), a phone number, an e-mail address, a
 * webhook URL, a WeChat openid, or a group robot's webhook URL (dingtalk, wecom, feishu, slack). Webhooks
 * only: `format`. Webhooks, DingTalk and Feishu robots: `secret` (8–256 characters; DingTalk's starts with
 * SEC) to sign each request with; omitted, the secret stored for the same URL in the same list is kept;
 * null (or "") removes it.
 */
export const RecipientInputSchema = Type.Object(
  {
    ...recipientFields,
    // Read-only fields of answers, ignored: a client may send back the recipients it read as they are.
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Ignored (answers name users)' })),
    has_secret: Type.Optional(Type.Boolean({ description: 'Ignored (`secret` decides)' })),
    secret: Type.Optional(
      Nullable(
        Type.String({
          minLength: WEBHOOK_SECRET_LENGTH.min,
          maxLength: WEBHOOK_SECRET_LENGTH.max,
          description:
            'Webhooks, DingTalk and Feishu robots, write-only: omitted keeps the stored secret of the same URL, null removes it',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type RecipientInput = Static<typeof RecipientInputSchema>;

/**
 * A recipient as the API shows it: webhooks also carry `format`, signed kinds `has_secret`, users their
 * `name`. No `secret` here: the serializer drops any property a response schema does not name, and the
 * secret itself is never returned.
 */
export const RecipientSchema = Type.Object({
  ...recipientFields,
  has_secret: Type.Optional(
    Type.Boolean({ description: 'Webhooks, DingTalk and Feishu robots: a signing secret is stored' }),
  ),
  name: Type.Optional(
    Type.String({ description: 'Users: their name (or user name when they have none); read-only' }),
  ),
});
export type Recipient = Static<typeof RecipientSchema>;

const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM' });

/** Local "HH:MM" times in the list's group's time zone; red alarms always go through. */
export const QuietHoursSchema = Type.Object({ from: Clock, to: Clock }, { additionalProperties: false });
export type QuietHours = Static<typeof QuietHoursSchema>;

const MinLevel = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** What messages to recipients that are not users (addresses, webhooks, robots) are worded in. */
const ListLanguage = Nullable(
  Type.Enum(SUPPORTED_LANGUAGES, {
    description: 'zh-Hans or en; null: the server default (NOTIFY_LANGUAGE). Users read their own language',
  }),
);

const inputFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  locations: Type.Union([Type.Literal('all'), Type.Array(Id, { maxItems: 10_000 })]),
  min_level: MinLevel,
  channels: Type.Array(Type.Enum(CHANNELS), { minItems: 1, maxItems: CHANNELS.length }),
  recipients: Type.Array(RecipientInputSchema, { minItems: 1, maxItems: 500 }),
  quiet_hours: Type.Optional(Nullable(QuietHoursSchema)),
  escalate_after_min: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1440 }))),
  escalate_to: Type.Optional(Nullable(Type.Array(RecipientInputSchema, { maxItems: 500 }))),
  language: Type.Optional(ListLanguage),
  // Read-only in answers, ignored: a client may send back the list it read.
  builtin: Type.Optional(Nullable(Type.Literal('duty', { description: 'Ignored (answers only)' }))),
};

/** POST /api/distribute_add; /api/distribute_update takes the same fields plus `id`. */
export const DistributionInputSchema = Type.Object(inputFields, { additionalProperties: false });
export type DistributionInput = Static<typeof DistributionInputSchema>;

export const DistributionUpdateSchema = Type.Object(
  { id: Id, ...inputFields },
  { additionalProperties: false },
);
export type DistributionUpdate = Static<typeof DistributionUpdateSchema>;

export const DistributionDeleteSchema = Type.Object({ id: Id }, { additionalProperties: false });

/** Who is told of which alarms, how, and who is told next when nobody confirms. */
export const DistributionListSchema = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  locations: Type.Union([Type.Literal('all'), Type.Array(Type.Integer())]),
  min_level: MinLevel,
  channels: Type.Array(Type.Enum(CHANNELS)),
  recipients: Type.Array(RecipientSchema),
  quiet_hours: Nullable(QuietHoursSchema),
  escalate_after_min: Nullable(Type.Integer()),
  escalate_to: Nullable(Type.Array(RecipientSchema)),
  language: ListLanguage,
  builtin: Nullable(
    Type.Literal('duty', {
      description:
        "The group's duty list, made with the group (its administrators' inboxes); a screen names it in the " +
        "reader's language until it is renamed",
    }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type DistributionList = Static<typeof DistributionListSchema>;

export const DistributionListsSchema = Type.Object({ items: Type.Array(DistributionListSchema) });

/** `?group_id=`: admins may name any group, everyone else only their own. */
export const DistributionGroupQuerySchema = Type.Object(
  { group_id: Type.Optional(Id) },
  { additionalProperties: false },
);

/** One way a site's alarm of a level would reach someone, as the outbox would plan it now. */
export const CoverageRecipientSchema = Type.Object({
  channel: Type.Enum(CHANNELS),
  recipient_kind: Type.Enum(RECIPIENT_KINDS, {
    description: 'A role is shown as each of its members (user)',
  }),
  name: Type.String({
    description:
      "A user's name; an address as stored; a webhook's or robot's host only (its URL may hold a token)",
  }),
  list_id: Nullable(Type.Integer({ description: 'The list it comes from; null: the user follows the site' })),
  escalation: Type.Boolean({ description: 'Told only when nobody confirms in time (the escalation tier)' }),
});
export type CoverageRecipient = Static<typeof CoverageRecipientSchema>;

const CoveredLevel = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** GET /api/locations/:id/coverage: who would be told of the site's alarms, at each level its rings raise. */
export const LocationCoverageSchema = Type.Object({
  location_id: Type.Integer(),
  group_id: Type.Integer(),
  levels: Type.Array(Type.Object({ level: CoveredLevel, told: Type.Array(CoverageRecipientSchema) })),
  untold_levels: Type.Array(CoveredLevel, {
    description: 'Levels the site raises at which nobody is told at once (escalation aside): fix these',
  }),
});
export type LocationCoverage = Static<typeof LocationCoverageSchema>;

/** GET /api/locations/coverage: the sites of a group (admins: any or all) at whose levels nobody is told. */
export const CoverageSummarySchema = Type.Object({
  items: Type.Array(Type.Object({ location_id: Type.Integer(), untold_levels: Type.Array(CoveredLevel) }), {
    description: 'Only the sites with an untold level',
  }),
});
export type CoverageSummary = Static<typeof CoverageSummarySchema>;
