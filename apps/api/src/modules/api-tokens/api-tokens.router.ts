/** tRPC `apiTokens`: list() → ApiToken[], create({ name, scope, expiresAt? }) → CreatedApiToken, revoke({ id }) → { id }. */
import { apiTokenIdSchema, createApiTokenSchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { createToken, listTokens, revokeToken } from './api-tokens.service.js';

export const apiTokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listTokens(ctx)),
  create: authedProcedure.input(createApiTokenSchema).mutation(({ ctx, input }) => createToken(ctx, input)),
  revoke: authedProcedure.input(apiTokenIdSchema).mutation(({ ctx, input }) => revokeToken(ctx, input.id)),
});
