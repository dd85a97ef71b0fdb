import type { ErrorBody, ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from '../lib/app-error.js';

/** What a client is told to wait while the database is down or restarting. */
const DB_RETRY_AFTER_SEC = 5;

type Validation = NonNullable<FastifyError['validation']>;

function fieldOf(v: Validation[number]): string {
  const params = v.params as Record<string, unknown>;
  const base = v.instancePath.replace(/^\//, '');
  const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  return [base, extra].filter(Boolean).join('/') || '(body)';
}

function messageOf(v: Validation[number]): string {
  const params = v.params as Record<string, unknown>;
  if (params.additionalProperty !== undefined) return 'is not a known field';
  if (params.missingProperty !== undefined) return 'is required';
  return v.message ?? 'is invalid';
}

export function validationDetails(validation: Validation): ErrorDetail[] {
  return validation.map((v) => ({ field: fieldOf(v), message: messageOf(v) }));
}

function send(reply: FastifyReply, status: number, body: ErrorBody, retryAfterSec?: number) {
  if (retryAfterSec !== undefined) reply.header('Retry-After', String(retryAfterSec));
  return reply.status(status).send(body);
}

/** One error format for the whole server; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const { code, message, details } = error;
      return send(
        reply,
        error.statusCode,
        { error: { code, message, ...(details ? { details } : {}) } },
        error.retryAfterSec,
      );
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const details = validationDetails(fe.validation);
      const where = fe.validationContext ?? 'request';
      const message = `Invalid ${where}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`;
      return send(reply, 400, { error: { code: 'validation.failed', message, details } });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413)
      return send(reply, 413, {
        error: { code: 'request.too_large', message: 'Request body is larger than allowed' },
      });
    if (status === 415) {
      return send(reply, 415, {
        error: { code: 'request.unsupported_media_type', message: 'Unsupported Content-Type' },
      });
    }
    if (status === 400 && (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)) {
      return send(reply, 400, {
        error: { code: 'request.malformed_json', message: 'Body is not valid JSON' },
      });
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, { error: { code: 'request.invalid', message: fe.message } });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing of the request was committed: the caller (a feed above all) retries after a pause.
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply,
        503,
        { error: { code: 'server.unavailable', message: 'The database is unavailable; retry shortly' } },
        DB_RETRY_AFTER_SEC,
      );
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { error: { code: 'server.internal', message: 'Internal server error' } });
  });
}
