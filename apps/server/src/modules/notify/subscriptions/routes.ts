import { errors } from '@thunderwatch/shared/schemas/kit';
import {
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
import type { TopicsService } from './topics-service.js';

/** The topics I may follow and my subscriptions to them, one at a time or several at once. */
export function subscriptionRoutes(app: App, topics: TopicsService): void {
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
