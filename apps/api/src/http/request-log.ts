/**
 * One log line per request, written when its answer has gone out: method, path, status and time.
 * Fastify's own logging writes two (one on arrival, one on the answer) with every header, which at
 * `info` buried the start's messages, the first admin's password among them (issue 25, 'Ops').
 * Fastify's log controller keeps its other lines (stream errors, a closing server's 503s).
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said once, on the answer.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}
