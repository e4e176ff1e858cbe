/** REST: GET /api/saved-views, POST /api/saved-views { name, view, filters }, DELETE /api/saved-views/{id} (docs/rest-api.md). */
import { createSavedViewSchema, idSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { deleteView, mySavedViews, saveView } from './saved-views.service.js';

export const savedViewsRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/saved-views', handler: ({ ctx }) => mySavedViews(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/saved-views',
    body: createSavedViewSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => saveView(ctx, body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/saved-views/:id',
    handler: ({ ctx, params }) => deleteView(ctx, parseInput(idSchema, params.id)),
  }),
];
