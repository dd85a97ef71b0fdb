import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  DeliveryAttemptsSchema,
  DeliveryPageSchema,
  DeliveryParamsSchema,
  DeliveryQuerySchema,
  InboxPageSchema,
  InboxQuerySchema,
  MarkReadResultSchema,
  MarkReadSchema,
  MaybeTopicSchema,
  TopicBatchSchema,
  TopicBodySchema,
  TopicListSchema,
  TopicQuerySchema,
  TopicSchema,
} from '@thunderwatch/shared/schemas/notifications';
import { AppError } from '../../../lib/app-error.js';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { DeliveryRecordsService } from '../delivery/records/delivery-records-service.js';
import type { InboxService } from '../inbox/inbox-service.js';
import type { TopicsService } from './topics-service.js';

export interface NotificationServices {
  inbox: InboxService;
  topics: TopicsService;
  deliveries: DeliveryRecordsService;
}

/** The spec's notification paths: my inbox, topics and my subscriptions, and the delivery records. */
export function notificationRoutes(app: App, s: NotificationServices): void {
  inboxRoutes(app, s.inbox);
  topicRoutes(app, s.topics);
  deliveryRoutes(app, s.deliveries);
}

function inboxRoutes(app: App, inbox: InboxService): void {
  app.get(
    '/api/notification_record',
    {
      schema: {
        tags: ['notification'],
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, ...errors(400, 401) },
      },
    },
    async (req) => inbox.list(callerOf(req), req.query),
  );
  app.post(
    '/api/notification_record',
    {
      schema: {
        tags: ['notification'],
        description: 'Marks my messages read: `{ids}` those, `{all: true}` every unread one.',
        body: MarkReadSchema,
        response: { 200: MarkReadResultSchema, ...errors(400, 401) },
      },
    },
    async (req) => inbox.markRead(callerOf(req), req.body),
  );
}

function topicRoutes(app: App, topics: TopicsService): void {
  app.get(
    '/api/notification/topics',
    { schema: { tags: ['notification'], response: { 200: TopicListSchema, ...errors(401) } } },
    async (req) => topics.list(callerOf(req)),
  );
  app.get(
    '/api/notification/topic',
    {
      schema: {
        tags: ['notification'],
        querystring: TopicQuerySchema,
        response: { 200: TopicSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => topics.get(callerOf(req), req.query.id),
  );
  app.get(
    '/api/notification/subscription',
    { schema: { tags: ['notification'], response: { 200: TopicListSchema, ...errors(401) } } },
    async (req) => topics.mine(callerOf(req)),
  );
  app.post(
    '/api/notification/subscription',
    {
      schema: {
        tags: ['notification'],
        body: TopicBodySchema,
        response: { 200: TopicSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => topics.subscribe(callerOf(req), req.body.topic),
  );
  app.delete(
    '/api/notification/subscription',
    {
      schema: {
        tags: ['notification'],
        description: 'The topic in the body `{topic}` or as `?topic=`.',
        querystring: MaybeTopicSchema,
        body: MaybeTopicSchema,
        response: { 200: TopicSchema, ...errors(400, 401, 404) },
      },
      // A DELETE usually comes without a body; an empty one lets the query carry the topic.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => {
      const topic = req.body?.topic ?? req.query.topic;
      if (topic === undefined) {
        throw new AppError('validation.failed', 400, 'topic is required', [
          { field: 'topic', message: 'is required' },
        ]);
      }
      return topics.unsubscribe(callerOf(req), topic);
    },
  );
  app.post(
    '/api/notification/topic_batch',
    {
      schema: {
        tags: ['notification'],
        description: 'Subscribes and unsubscribes at once; any topic refused changes nothing.',
        body: TopicBatchSchema,
        response: { 200: TopicListSchema, ...errors(400, 401) },
      },
    },
    async (req) =>
      topics.batch(callerOf(req), {
        subscribe: req.body.subscribe ?? [],
        unsubscribe: req.body.unsubscribe ?? [],
      }),
  );
}

function deliveryRoutes(app: App, deliveries: DeliveryRecordsService): void {
  app.get(
    '/api/notification/deliveries',
    {
      schema: {
        tags: ['notification'],
        querystring: DeliveryQuerySchema,
        response: { 200: DeliveryPageSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { alarm_id, ...rest } = req.query;
      return deliveries.list(callerOf(req), { ...rest, alarmId: alarm_id });
    },
  );
  app.get(
    '/api/notification/deliveries/:id/attempts',
    {
      schema: {
        tags: ['notification'],
        params: DeliveryParamsSchema,
        response: { 200: DeliveryAttemptsSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => deliveries.attempts(callerOf(req), req.params.id),
  );
}
