import type { FastifyReply } from 'fastify';

/**
 * Sends a body the service already wrote as JSON text, as it is: Fastify sends a string whose content type
 * is JSON without serializing it again. The route's response schema still documents (and types) the body;
 * the cast is only there because the schema's type is the decoded object's. The service that writes the
 * text is tested for equality with the object it stands for.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text as never);
}
