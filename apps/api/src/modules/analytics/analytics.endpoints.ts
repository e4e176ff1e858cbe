/** Analytics (docs/rest-api.md; tRPC `analytics.*`): each member's performance (everyone) and the period report (admins). */
import { analyticsQuerySchema, analyticsReportSchema, performanceEntrySchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { getAnalyticsReport, getPerformance } from './analytics.service.js';

export const analyticsEndpoints = [
  endpoint({
    name: 'analytics.performance',
    summary: 'Rendimiento de cada miembro: asignados, contactados, convertidos, ingresos y tasa',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(performanceEntrySchema),
    rest: { method: 'GET', path: '/api/analytics/performance' },
    trpc: 'query',
    handler: ({ ctx }) => getPerformance(ctx),
  }),
  endpoint({
    name: 'analytics.report',
    summary: 'Informe de un período: leads por mes, totales y rendimiento individual',
    description: '`period`: `month` (por defecto), `quarter`, `year` o `custom` con `from` y `to` (`YYYY-MM-DD`, menos de 10 años).',
    permission: 'analytics.read',
    input: analyticsQuerySchema,
    output: analyticsReportSchema,
    rest: { method: 'GET', path: '/api/analytics/report' },
    trpc: 'query',
    handler: ({ ctx, input }) => getAnalyticsReport(ctx, input),
  }),
] as const;

export const analyticsRouter = routerOf(analyticsEndpoints);
