import { errors, LoginResponse, Password, Phone, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import type { App } from '../../../lib/fastify.js';
import type { VerifyCodesService } from './verify-codes-service.js';

const Purpose = Type.Union([Type.Literal('login'), Type.Literal('reset_password')]);
const Code = Type.String({ pattern: '^[0-9]{6}$', description: 'Six digits' });

export function verifyCodeRoutes(app: App, codes: VerifyCodesService): void {
  app.post(
    '/api/verify_code',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({ phone: Phone, purpose: Purpose }, { additionalProperties: false }),
        response: {
          200: Type.Object({ sent: Type.Literal(true), resend_after: Type.Integer() }),
          ...errors(400, 429, 502),
        },
      },
    },
    (req) => codes.send(req.body.phone, req.body.purpose),
  );

  app.post(
    '/api/check_verify_code',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({ phone: Phone, code: Code, purpose: Purpose }, { additionalProperties: false }),
        response: {
          200: Type.Union([LoginResponse, Type.Object({ valid: Type.Literal(true) })]),
          ...errors(400, 403),
        },
      },
    },
    (req) =>
      req.body.purpose === 'login'
        ? codes.loginWithCode(req.body.phone, req.body.code, {
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? '',
          })
        : codes.checkResetCode(req.body.phone, req.body.code),
  );

  app.post(
    '/api/reset_password',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({ phone: Phone, code: Code, password: Password }, { additionalProperties: false }),
        response: { 200: StatusOk, ...errors(400) },
      },
    },
    async (req) => {
      await codes.resetPassword(req.body.phone, req.body.code, req.body.password);
      return { status: 'ok' as const };
    },
  );
}
