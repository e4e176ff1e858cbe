/** The live side of the app: the session check at upgrade, the /ws route, and the replica's hub lifecycle. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { liveHubOf } from '../modules/chat/live-hub.js';
import { installUpgradeGuard } from './upgrade-guard.js';
import { registerWsRoute } from './ws.route.js';

/** Call before the tRPC plugin, so the guard also covers its socket. */
export function installLive(app: FastifyInstance, ctx: AppContext): void {
  installUpgradeGuard(app, ctx);
  registerWsRoute(app, ctx);
  const hub = liveHubOf(ctx);
  app.addHook('onClose', () => hub.close());
}
