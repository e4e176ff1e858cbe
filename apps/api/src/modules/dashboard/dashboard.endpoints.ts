/** The dashboard's summary cards (docs/rest-api.md; tRPC `dashboard.*`): every signed-in user sees the dashboard. */
import { dashboardSummaryQuerySchema, dashboardSummarySchema } from '@crm/domain';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { getDashboardSummary } from './dashboard.service.js';

export const dashboardEndpoints = [
  endpoint({
    name: 'dashboard.summary',
    summary: 'Las tarjetas del panel: leads, convertidos, ingresos y equipo, con su tendencia',
    description:
      'Tendencia: cambio porcentual entero frente a los 30 días anteriores, o null. `scope=mine` cuenta solo los leads de quien llama; `team` (por defecto), todos.',
    permission: 'lead.read',
    input: dashboardSummaryQuerySchema.default({ scope: 'team' }),
    output: dashboardSummarySchema,
    rest: { method: 'GET', path: '/api/dashboard/summary' },
    trpc: 'query',
    handler: ({ ctx, input }) => getDashboardSummary(ctx, input),
  }),
] as const;

export const dashboardRouter = routerOf(dashboardEndpoints);
