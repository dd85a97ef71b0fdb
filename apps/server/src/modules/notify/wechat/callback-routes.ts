import type { Language } from '@thunderwatch/shared/languages';
import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  WECHAT_CALLBACK_BODY_LIMIT,
  WechatCallbackAnswerSchema,
  WechatCheckQuerySchema,
  WechatPushBodySchema,
  WechatPushQuerySchema,
} from '@thunderwatch/shared/schemas/wechat';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { App } from '../../../lib/fastify.js';
import type { WechatBindingService } from './wechat-binding-service.js';
import { ACK, answerPush } from './wechat-callback.js';
import { isFresh, type SignedQuery, signatureMatches } from './wechat-signature.js';
import { parseInbound } from './wechat-xml.js';

/**
 * The official account's server URL, called by WeChat, not by users: outside the authenticated /api tree,
 * and trusted only with a valid signature over the shared WECHAT_TOKEN and a timestamp near our clock.
 * Only plaintext mode (明文模式) or compatible mode (兼容模式) pushes are read.
 */
export async function wechatCallbackRoutes(
  scope: FastifyInstance,
  d: { bindings: WechatBindingService; token: string | null; language: Language; now: () => Date },
) {
  const app = scope as unknown as App;
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: WECHAT_CALLBACK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  const verify = (q: SignedQuery) => {
    if (d.token === null) throw new AppError('wechat.not_configured', 503, 'WECHAT_TOKEN is not set');
    if (!signatureMatches(d.token, q)) throw new AppError('wechat.bad_signature', 403, 'Bad signature');
    if (!isFresh(q.timestamp, d.now())) {
      throw new AppError('wechat.stale_request', 403, 'Timestamp too far from the server clock');
    }
  };

  app.get(
    '/wechat/callback',
    {
      schema: {
        tags: ['wechat'],
        description: "WeChat's check of the server URL: answers `echostr` when the signature is right",
        querystring: WechatCheckQuerySchema,
        response: { 200: WechatCallbackAnswerSchema, ...errors(400, 403, 503) },
      },
    },
    async (req, reply) => {
      verify(req.query);
      return reply.type('text/plain; charset=utf-8').send(req.query.echostr);
    },
  );
  app.post(
    '/wechat/callback',
    {
      bodyLimit: WECHAT_CALLBACK_BODY_LIMIT,
      schema: {
        tags: ['wechat'],
        description:
          'Messages and events WeChat pushes (XML): QR scans and binding codes bind, unsubscribe unbinds',
        querystring: WechatPushQuerySchema,
        body: WechatPushBodySchema,
        response: { 200: WechatCallbackAnswerSchema, ...errors(400, 403, 413, 415, 503) },
      },
    },
    async (req, reply) => {
      verify(req.query);
      const message = parseInbound(req.body);
      const answer = message
        ? await answerPush(message, d.bindings, { now: d.now(), language: d.language })
        : ACK;
      return reply
        .type(answer === ACK ? 'text/plain; charset=utf-8' : 'text/xml; charset=utf-8')
        .send(answer);
    },
  );
}
