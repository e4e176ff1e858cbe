/** The live side of the app: the session check at upgrade and the /ws route (the hub itself is built in server.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { installUpgradeGuard } from './upgrade-guard.js';
import { registerWsRoute } from './ws.route.js';

/** Call before the tRPC plugin, so the guard also covers its socket. */
export function installLive(app: FastifyInstance, ctx: AppContext): void {
  installUpgradeGuard(app, ctx);
  registerWsRoute(app, ctx);
}
