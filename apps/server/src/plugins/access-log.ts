import type { FastifyInstance } from 'fastify';
import type { AccessLogWriter } from '../modules/admin/access-log/access-log-writer.js';

/** Records every authenticated API request: who, what, the answer and how long it took. */
export function registerAccessLog(app: FastifyInstance, writer: AccessLogWriter): void {
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    if (!user) return;
    writer.add({
      at: new Date(),
      user_id: user.id,
      username: user.username,
      group_id: user.groupId,
      method: request.method,
      path: (request.url.split('?')[0] ?? '').slice(0, 500),
      status: reply.statusCode,
      // A client that went away before the answer leaves no address (and a batch with a null would be lost).
      ip: request.ip ?? '',
      user_agent: (request.headers['user-agent'] ?? '').slice(0, 500),
      duration_ms: Math.round(reply.elapsedTime * 100) / 100,
    });
  });
}
