/** REST: GET /api/tokens, POST /api/tokens { name, scope, expiresAt? }, DELETE /api/tokens/{id} (docs/rest-api.md). */
import { createApiTokenSchema, idSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { createToken, listTokens, revokeToken } from './api-tokens.service.js';

export const apiTokensRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/tokens', handler: ({ ctx }) => listTokens(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/tokens',
    body: createApiTokenSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createToken(ctx, body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/tokens/:id',
    handler: ({ ctx, params }) => revokeToken(ctx, parseInput(idSchema, params.id)),
  }),
];
