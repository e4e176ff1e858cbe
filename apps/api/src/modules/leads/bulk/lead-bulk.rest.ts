/** REST: POST /api/leads/bulk { action, ids? | filter?, assignedTo?, roleId?, status?, groupId? } → { updated, skipped, errors }. */
import { leadBulkSchema } from '@crm/domain';
import { authedRoute } from '../../../rest/route.js';
import { runLeadBulk } from './lead-bulk.service.js';

export const leadBulkRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/leads/bulk',
    body: leadBulkSchema,
    handler: ({ ctx, body }) => runLeadBulk(ctx, body),
  }),
];
