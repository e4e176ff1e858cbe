/**
 * During shutdown every answer carries `Connection: close`: a keep-alive socket that finishes
 * its request after close() began would otherwise stay open until the client drops it,
 * holding the shutdown (and a container's stop) for as long as the browser likes.
 */
import type { FastifyInstance } from 'fastify';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
