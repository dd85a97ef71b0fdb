import type { Socket } from 'node:net';
import type { ErrorBody, ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * A multipart body is read in a preValidation hook (@fastify/multipart), after the content-type parser:
 * its parse errors (`Unexpected end of multipart data`, a missing boundary) carry no status. An error without
 * a status, on a multipart request that never reached its handler, is a malformed body.
 */
function isMalformedMultipart(request: FastifyRequest, reached: WeakSet<FastifyRequest>): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^multipart\//i.test(type) && !reached.has(request);
}

/** One error format for the whole server; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  const reachedHandler = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', (request, _reply, done) => {
    reachedHandler.add(request);
    done();
  });
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
    if (status === 500 && fe.statusCode === undefined && isMalformedMultipart(request, reachedHandler)) {
      return send(reply, 400, {
        error: { code: 'request.invalid', message: 'Body is not valid multipart/form-data' },
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

const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: {
      error: { code: 'request.too_large', message: 'URL and headers are larger than allowed (16 KB)' },
    },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { error: { code: 'request.invalid', message: 'The request was not received in time' } },
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  body: { error: { code: 'request.invalid', message: 'Malformed HTTP request' } } as ErrorBody,
};

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a URL or headers over 16 KB,
 * malformed HTTP, a timeout) in the documented error shape, says `Connection: close` and closes the socket
 * after the answer is written. Fastify's `clientErrorHandler` option.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, body } = CLIENT_ERRORS[err.code ?? ''] ?? BAD_REQUEST;
  const json = JSON.stringify(body);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
  // A client that never reads or closes does not keep the socket.
  setTimeout(() => socket.destroy(), 5000).unref();
}

/**
 * Errors Fastify raises before routing (a URL with broken percent-encoding), in the documented error shape.
 * Fastify's `frameworkErrors` option.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    send(reply, 400, {
      error: { code: 'request.invalid', message: 'The URL is not valid (broken %-encoding)' },
    });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    send(reply, 400, {
      error: { code: 'request.invalid', message: 'A path parameter is longer than 100 characters' },
    });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  send(reply, 500, { error: { code: 'server.internal', message: 'Internal server error' } });
}
