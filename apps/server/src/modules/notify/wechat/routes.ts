import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { WechatBindingCodeSchema, WechatBindingStatusSchema } from '@thunderwatch/shared/schemas/wechat';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { WechatBindingService } from './wechat-binding-service.js';

/** The signed-in user's own WeChat binding: get a code to scan, see it, remove it. */
export function wechatRoutes(app: App, bindings: WechatBindingService): void {
  app.post(
    '/api/wechat/binding_code',
    {
      schema: {
        tags: ['wechat'],
        description:
          'A one-time binding key (valid 10 minutes; earlier ones stop working) as a WeChat QR code URL and as text. Takes no body.',
        response: { 201: WechatBindingCodeSchema, ...errors(401, 403, 502, 503) },
      },
    },
    async (req, reply) => reply.status(201).send(await bindings.createCode(callerOf(req))),
  );
  app.get(
    '/api/wechat/binding',
    {
      schema: {
        tags: ['wechat'],
        description: 'Whether WeChat is configured on this server, and my binding',
        response: { 200: WechatBindingStatusSchema, ...errors(401, 403) },
      },
    },
    async (req) => bindings.status(callerOf(req)),
  );
  app.delete(
    '/api/wechat/binding',
    {
      schema: {
        tags: ['wechat'],
        description: 'Removes my WeChat binding (nothing to remove is fine too)',
        response: { 200: StatusOk, ...errors(401, 403) },
      },
    },
    async (req) => {
      await bindings.unbind(callerOf(req));
      return { status: 'ok' as const };
    },
  );
}
