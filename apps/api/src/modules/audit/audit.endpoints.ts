/** The audit log (docs/audit.md; tRPC `audit.*`): admins read it by pages and download it as CSV. */
import { auditPageSchema, auditQuerySchema } from '@crm/domain';
import { downloadSchema, endpoint, sendDownload } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { auditCsv } from './audit-csv.js';
import { listAudit } from './audit.service.js';

export const auditEndpoints = [
  endpoint({
    name: 'audit.list',
    summary: 'Registro de auditoría, lo más reciente primero',
    description:
      'Filtros: `from`/`to` (días del calendario del equipo, ambos incluidos), `actorId`, `action` (una acción, o un prefijo terminado en punto: `users.`); páginas con `before` = `nextBefore`.',
    permission: 'audit.read',
    input: auditQuerySchema,
    output: auditPageSchema,
    rest: { method: 'GET', path: '/api/audit' },
    trpc: 'query',
    handler: ({ ctx, input }) => listAudit(ctx, input),
  }),
  endpoint({
    name: 'audit.exportCsv',
    summary: 'Descarga CSV del registro de auditoría filtrado',
    permission: 'audit.read',
    cost: 5,
    audit: true,
    input: auditQuerySchema.omit({ before: true, limit: true }),
    output: downloadSchema,
    rest: { method: 'GET', path: '/api/audit/export', produces: 'text/csv', send: sendDownload },
    handler: async ({ ctx, input }) => ({
      fileName: `auditoria-${new Date().toISOString().slice(0, 10)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: await auditCsv(ctx, input),
    }),
  }),
] as const;

export const auditRouter = routerOf(auditEndpoints);
