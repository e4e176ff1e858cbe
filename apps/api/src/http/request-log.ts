/**
 * One log line per request, written when its answer has gone out: method, path, status and time.
 * Fastify's own logging writes two (one on arrival, one on the answer) with every header, which at
 * `info` buried the start's messages, the first admin's password among them (issue 25, 'Ops').
 */
import type { FastifyInstance } from 'fastify';

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
