/**
 * API tokens (docs/rest-api.md; tRPC `apiTokens.*`; docs/api-tokens.md): a person creates, lists and
 * revokes their own; an admin lists and revokes everyone's. Managing tokens needs a signed-in
 * session: a call made with a token is refused with 403 by the service, whatever its scope.
 */
import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema, deletedSchema, idInputSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { createToken, listTokens, revokeToken } from './api-tokens.service.js';

const SESSION_ONLY = 'Solo con la sesión iniciada: con un token de API, 403.';

export const apiTokensEndpoints = [
  endpoint({
    name: 'apiTokens.list',
    summary: 'Tokens de API propios (un administrador: todos) con su último uso',
    description: SESSION_ONLY,
    permission: 'apiToken.manage',
    input: NO_INPUT,
    output: z.array(apiTokenSchema),
    rest: { method: 'GET', path: '/api/tokens' },
    trpc: 'query',
    handler: ({ ctx }) => listTokens(ctx),
  }),
  endpoint({
    name: 'apiTokens.create',
    summary: 'Crea un token de API; el secreto se muestra solo esta vez',
    description: `\`scope\`: \`read\` o \`write\`; \`expiresAt\` ausente o null: no caduca. ${SESSION_ONLY}`,
    permission: 'apiToken.manage',
    audit: true,
    input: createApiTokenSchema,
    output: createdApiTokenSchema,
    rest: { method: 'POST', path: '/api/tokens', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createToken(ctx, input),
  }),
  endpoint({
    name: 'apiTokens.revoke',
    summary: 'Revoca un token de API (vale desde la siguiente llamada)',
    description: SESSION_ONLY,
    permission: 'apiToken.manage',
    audit: true,
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/tokens/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => revokeToken(ctx, input.id),
  }),
] as const;

export const apiTokensRouter = routerOf(apiTokensEndpoints);
