/** REST paths of follow-ups (docs/rest-api.md): 'Mis seguimientos', the badge, set, change, delete. */
import { createFollowUpSchema, followUpListQuerySchema, idSchema, updateFollowUpSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { createFollowUp, deleteFollowUp, followUpBadge, listMyFollowUps, updateFollowUp } from './follow-ups.service.js';

export const followUpsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/follow-ups',
    handler: ({ ctx, query }) => listMyFollowUps(ctx, parseInput(followUpListQuerySchema, query)),
  }),
  authedRoute({ method: 'GET', url: '/api/follow-ups/badge', handler: ({ ctx }) => followUpBadge(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/follow-ups',
    body: createFollowUpSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createFollowUp(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/follow-ups/:id',
    body: updateFollowUpSchema,
    handler: ({ ctx, params, body }) => updateFollowUp(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/follow-ups/:id',
    handler: ({ ctx, params }) => deleteFollowUp(ctx, parseInput(idSchema, params.id)),
  }),
];
