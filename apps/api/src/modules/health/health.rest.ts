/** GET /api/health: 200 once the database answers, 503 while it does not (for load balancers and Docker). */
import { sql } from 'kysely';
import { publicRoute } from '../../rest/route.js';

export const healthRestRoutes = [
  publicRoute({
    method: 'GET',
    url: '/api/health',
    handler: async ({ ctx, reply }) => {
      try {
        await sql`select 1`.execute(ctx.db);
        return { status: 'ok' };
      } catch (error) {
        ctx.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', message: 'Base de datos no disponible' });
      }
    },
  }),
];
