/**
 * JSON bodies: capped at 1 MB, and an empty body (POST /api/logout) reads as no body. The bytes as
 * they came stay readable beside the parsed value: a signature (WhatsApp's webhook) covers them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The JSON body's bytes exactly as received (undefined without a JSON body). */
export function rawJsonBody(request: FastifyRequest): Buffer | undefined {
  return rawBodies.get(request);
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    rawBodies.set(request, bytes);
    const text = bytes.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('JSON inválido'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });
}
