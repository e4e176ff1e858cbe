/**
 * Password reset without email (docs/rest-api.md, 'Restablecer contraseña'; tRPC
 * `auth.passwordReset.*`): an admin creates a one-time link for someone who forgot their
 * password; the public page checks it and spends it. The token travels in bodies, never in a
 * URL a log keeps.
 */
import {
  DomainError,
  idSchema,
  messageSchema,
  passwordResetLinkInfoSchema,
  passwordResetLinkSchema,
  passwordResetSchema,
  passwordResetTokenSchema,
} from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { linkOrigin } from './link-origin.js';
import { createPasswordResetLink, inspectPasswordResetLink, resetPasswordByLink } from './password-reset.service.js';

export const passwordResetEndpoints = [
  endpoint({
    name: 'auth.passwordReset.createLink',
    summary: 'Crea un enlace de un solo uso para restablecer la contraseña de una persona',
    description: 'Válido 24 horas. Empieza por el primer `PUBLIC_ORIGIN`, o por el origen al que llegó la petición.',
    permission: 'user.createPasswordResetLink',
    input: z.object({ id: idSchema }),
    output: passwordResetLinkSchema,
    rest: { method: 'POST', path: '/api/users/:id/password-reset-link', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input, client }) => {
      // The link starts with the origin the request came to, which only an HTTP request names.
      if (!client.requestHost) throw new DomainError('BAD_REQUEST', 'Crea el enlace por HTTP, no por la conexión en vivo');
      return createPasswordResetLink(ctx, input.id, { ip: client.ip, origin: linkOrigin(ctx.env, client.requestHost) });
    },
  }),
  endpoint({
    name: 'auth.passwordReset.inspect',
    summary: 'Para quién es un enlace de restablecimiento, mientras sirve',
    description: 'Un enlace desconocido, usado o caducado es el mismo 400.',
    permission: 'public',
    input: passwordResetTokenSchema,
    output: passwordResetLinkInfoSchema,
    rest: { method: 'POST', path: '/api/password-reset/check' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => inspectPasswordResetLink(ctx, input.token),
  }),
  endpoint({
    name: 'auth.passwordReset.complete',
    summary: 'Pone una contraseña nueva con un enlace de restablecimiento',
    description: 'Gasta el enlace y cierra todas las sesiones de la persona.',
    permission: 'public',
    input: passwordResetSchema,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/password-reset' },
    trpc: 'mutation',
    handler: async ({ ctx, input, client }) => {
      await resetPasswordByLink(ctx, input, client);
      return { message: 'Contraseña actualizada. Ya puedes iniciar sesión.' };
    },
  }),
] as const;
