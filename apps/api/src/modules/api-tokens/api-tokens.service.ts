/**
 * API tokens (docs/api-tokens.md): a person creates, lists and revokes their own; an admin lists and
 * revokes everyone's. Managing tokens needs a signed-in session: a token never mints or sees tokens,
 * so a leaked one cannot make itself a successor.
 */
import { randomBytes } from 'node:crypto';
import { countActiveApiTokens, deleteSpentApiTokens, insertApiToken, listApiTokens, lockApiTokenOwner, revokeApiToken } from '@crm/db';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiToken,
  type CreatedApiToken,
  DomainError,
  can,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

const SECRET_BYTES = 32;

function requireSession(ctx: ServiceContext): void {
  if (ctx.viewer.apiToken) throw new DomainError('FORBIDDEN', API_TOKEN_MESSAGES.tokensNeedSession);
  requirePermission(ctx, 'apiToken.manage');
}

/** Whose tokens the viewer manages: everyone's (undefined) for an admin, else their own. */
function ownerScope(ctx: ServiceContext): number | undefined {
  return can(ctx.viewer.user, 'apiToken.manageAll') ? undefined : ctx.viewer.user.id;
}

export function listTokens(ctx: ServiceContext): Promise<ApiToken[]> {
  requireSession(ctx);
  return listApiTokens(ctx.db, { userId: ownerScope(ctx) });
}

/**
 * Counted and written under a per-person lock, so parallel creations never pass the limit; the
 * person's revoked and expired tokens are dropped first, which keeps their rows bounded.
 */
export async function createToken(ctx: ServiceContext, input: CreateApiToken): Promise<CreatedApiToken> {
  requireSession(ctx);
  const userId = ctx.viewer.user.id;
  const secret = API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  const token = await ctx.db.transaction().execute(async (trx) => {
    await lockApiTokenOwner(trx, userId);
    await deleteSpentApiTokens(trx, userId);
    if ((await countActiveApiTokens(trx, userId)) >= API_TOKEN_LIMITS.perUser)
      throw new DomainError('CONFLICT', API_TOKEN_MESSAGES.limitReached);
    return insertApiToken(trx, { userId, secret, ...input });
  });
  ctx.log.info({ apiTokenId: token.id, scope: token.scope }, 'API token created');
  return { ...token, token: secret };
}

/** Takes effect on the next request, on every replica. Someone else's token is a 404 like a missing one. */
export async function revokeToken(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requireSession(ctx);
  if (!(await revokeApiToken(ctx.db, id, ownerScope(ctx)))) throw new DomainError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
  ctx.log.info({ apiTokenId: id }, 'API token revoked');
  return { id };
}
