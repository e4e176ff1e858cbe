/** REST paths of password reset links (docs/rest-api.md, 'Restablecer contraseña'). */
import { idSchema, passwordResetSchema, passwordResetTokenSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute, publicRoute } from '../../rest/route.js';
import { linkOrigin } from './link-origin.js';
import { createPasswordResetLink, inspectPasswordResetLink, resetPasswordByLink } from './password-reset.service.js';

export const passwordResetRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/users/:id/password-reset-link',
    successStatus: 201,
    handler: ({ ctx, params, request }) =>
      createPasswordResetLink(ctx, parseInput(idSchema, params.id), { ip: request.ip, origin: linkOrigin(ctx.env, request) }),
  }),
  publicRoute({
    method: 'POST',
    url: '/api/password-reset/check',
    body: passwordResetTokenSchema,
    handler: ({ ctx, body }) => inspectPasswordResetLink(ctx, body.token),
  }),
  publicRoute({
    method: 'POST',
    url: '/api/password-reset',
    body: passwordResetSchema,
    handler: async ({ ctx, body, request }) => {
      await resetPasswordByLink(ctx, body, { ip: request.ip });
      return { message: 'Contraseña actualizada. Ya puedes iniciar sesión.' };
    },
  }),
];
