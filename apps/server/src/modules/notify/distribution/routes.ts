import {
  CHANNELS,
  RECIPIENT_KINDS,
  WEBHOOK_FORMATS,
  WEBHOOK_SECRET_LENGTH,
} from '@thunderwatch/shared/notifications';
import { errors, Id, Nullable, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { DistributionService } from './distribution-service.js';

const recipientFields = {
  kind: Type.Enum(RECIPIENT_KINDS),
  value: Type.String({ minLength: 1, maxLength: 2000 }),
  format: Type.Optional(Type.Enum(WEBHOOK_FORMATS, { description: 'Webhooks: json (default) or cap' })),
};
const RecipientInput = Type.Object(
  {
    ...recipientFields,
    secret: Type.Optional(
      Nullable(
        Type.String({
          minLength: WEBHOOK_SECRET_LENGTH.min,
          maxLength: WEBHOOK_SECRET_LENGTH.max,
          description:
            'Webhooks, write-only: omitted keeps the stored secret of the same URL, null removes it',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
// No `secret` here: the serializer drops any property a response schema does not name.
const Recipient = Type.Object({
  ...recipientFields,
  has_secret: Type.Optional(Type.Boolean({ description: 'Webhooks: a signing secret is stored' })),
});
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM' });
const QuietHours = Type.Object({ from: Clock, to: Clock }, { additionalProperties: false });
const Fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  locations: Type.Union([Type.Literal('all'), Type.Array(Id, { maxItems: 10_000 })]),
  min_level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  channels: Type.Array(Type.Enum(CHANNELS), { minItems: 1, maxItems: CHANNELS.length }),
  recipients: Type.Array(RecipientInput, { minItems: 1, maxItems: 500 }),
  quiet_hours: Type.Optional(Nullable(QuietHours)),
  escalate_after_min: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1440 }))),
  escalate_to: Type.Optional(Nullable(Type.Array(RecipientInput, { maxItems: 500 }))),
};
const Input = Type.Object(Fields, { additionalProperties: false });
const List = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  locations: Type.Union([Type.Literal('all'), Type.Array(Type.Integer())]),
  min_level: Type.Integer(),
  channels: Type.Array(Type.String()),
  recipients: Type.Array(Recipient),
  quiet_hours: Nullable(QuietHours),
  escalate_after_min: Nullable(Type.Integer()),
  escalate_to: Nullable(Type.Array(Recipient)),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
const GroupQuery = Type.Object({ group_id: Type.Optional(Id) }, { additionalProperties: false });

/** The spec's verb-named distribution paths: get, add, update and delete a group's lists. */
export function distributionRoutes(app: App, lists: DistributionService): void {
  app.get(
    '/api/distribute_get',
    {
      schema: {
        tags: ['distribution'],
        querystring: GroupQuery,
        response: { 200: Type.Object({ items: Type.Array(List) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => lists.list(callerOf(req), req.query.group_id),
  );
  app.post(
    '/api/distribute_add',
    {
      schema: {
        tags: ['distribution'],
        querystring: GroupQuery,
        body: Input,
        response: { 201: List, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lists.add(callerOf(req), req.body, req.query.group_id)),
  );
  app.post(
    '/api/distribute_update',
    {
      schema: {
        tags: ['distribution'],
        body: Type.Object({ id: Id, ...Fields }, { additionalProperties: false }),
        response: { 200: List, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      return lists.update(callerOf(req), id, input);
    },
  );
  app.post(
    '/api/distribute_delete',
    {
      schema: {
        tags: ['distribution'],
        body: Type.Object({ id: Id }, { additionalProperties: false }),
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await lists.remove(callerOf(req), req.body.id);
      return { status: 'ok' as const };
    },
  );
}
