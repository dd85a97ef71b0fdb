import {
  CheckVerifyCodeRequest,
  CheckVerifyCodeResponse,
  ResetPasswordRequest,
  SendVerifyCodeRequest,
  SendVerifyCodeResponse,
} from '@thunderwatch/shared/schemas/accounts';
import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import type { App } from '../../../lib/fastify.js';
import type { VerifyCodesService } from './verify-codes-service.js';

export function verifyCodeRoutes(app: App, codes: VerifyCodesService): void {
  app.post(
    '/api/verify_code',
    {
      schema: {
        tags: ['auth'],
        body: SendVerifyCodeRequest,
        response: { 200: SendVerifyCodeResponse, ...errors(400, 429, 502) },
      },
    },
    (req) => codes.send(req.body.phone, req.body.purpose),
  );

  app.post(
    '/api/check_verify_code',
    {
      schema: {
        tags: ['auth'],
        body: CheckVerifyCodeRequest,
        response: { 200: CheckVerifyCodeResponse, ...errors(400, 403) },
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
        body: ResetPasswordRequest,
        response: { 200: StatusOk, ...errors(400) },
      },
    },
    async (req) => {
      await codes.resetPassword(req.body.phone, req.body.code, req.body.password);
      return { status: 'ok' as const };
    },
  );
}
