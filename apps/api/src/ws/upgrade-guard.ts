/** Refuses a WebSocket upgrade (/ws and the tRPC socket) without a valid session: 401 before any socket opens. */
import { UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { viewerOf } from '../http/viewer.js';

const LIVE_PATHS = ['/ws', '/trpc'];

export function installUpgradeGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    const path = request.url.split('?')[0] ?? '';
    if (!LIVE_PATHS.some((live) => path === live || path.startsWith(`${live}/`))) return;
    if (!(await viewerOf(ctx, request))) {
      return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    }
  });
}
