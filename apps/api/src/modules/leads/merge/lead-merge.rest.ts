/** REST: POST /api/leads/{id}/merge { otherId, fields: { <field>: "this" | "other" } } → the surviving lead (docs/rest-api.md). */
import { idSchema, leadMergeSchema } from '@crm/domain';
import { parseInput } from '../../../http/parse-input.js';
import { authedRoute } from '../../../rest/route.js';
import { mergeLeads } from './lead-merge.service.js';

export const leadMergeRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/leads/:id/merge',
    body: leadMergeSchema,
    handler: ({ ctx, params, body }) => mergeLeads(ctx, parseInput(idSchema, params.id), body),
  }),
];
