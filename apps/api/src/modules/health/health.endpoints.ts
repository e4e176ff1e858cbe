/** GET /api/health: 200 once the database answers, 503 while it does not (for load balancers and Docker). */
import { healthSchema } from '@crm/domain';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { checkHealth } from './health.service.js';

export const healthEndpoints = [
  endpoint({
    name: 'health.check',
    summary: 'Estado del servidor: responde 200 cuando la base de datos contesta y 503 mientras no',
    permission: 'public',
    input: NO_INPUT,
    output: healthSchema,
    rest: {
      method: 'GET',
      path: '/api/health',
      send: (reply, health) => reply.code(health.status === 'ok' ? 200 : 503).send(health),
    },
    handler: ({ ctx }) => checkHealth(ctx),
  }),
] as const;
