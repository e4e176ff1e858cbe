/** tRPC `leadBulk.run(LeadBulkInput)` → { updated, skipped, errors }: the same as POST /api/leads/bulk. */
import { leadBulkSchema } from '@crm/domain';
import { authedProcedure, router } from '../../../trpc/init.js';
import { runLeadBulk } from './lead-bulk.service.js';

export const leadBulkRouter = router({
  run: authedProcedure.input(leadBulkSchema).mutation(({ ctx, input }) => runLeadBulk(ctx, input)),
});
