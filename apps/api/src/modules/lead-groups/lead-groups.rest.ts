/** REST paths of lead groups (docs/rest-api.md): GET /api/lead-groups, DELETE /api/lead-groups/{id}. */
import { idSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { deleteGroup, listGroups } from './lead-groups.service.js';

export const leadGroupsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/lead-groups',
    handler: ({ ctx }) => listGroups(ctx),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/lead-groups/:id',
    handler: ({ ctx, params }) => deleteGroup(ctx, parseInput(idSchema, params.id)),
  }),
];
