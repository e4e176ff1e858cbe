/** tRPC `leadHistory`: list({ leadId, cursor?, limit? }) → { items: LeadHistoryEntry[], nextCursor } newest first (docs/leads.md, 'Historial'). */
import { leadHistoryQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { getLeadHistory } from './lead-history.service.js';

export const leadHistoryRouter = router({
  list: authedProcedure.input(leadHistoryQuerySchema).query(({ ctx, input }) => getLeadHistory(ctx, input)),
});
