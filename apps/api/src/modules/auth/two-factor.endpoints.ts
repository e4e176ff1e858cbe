/**
 * The second factor (docs/rest-api.md, 'Autenticación 2FA'; tRPC `auth.twoFactor.*`): one's own
 * TOTP enrolment, recovery codes and switching it off; an admin's reset of someone's factor and
 * the roles that require one. Enrolment stays open to a user whose role requires a factor they
 * have not set up yet (`beforeEnrolment`); everything else waits until they have.
 */
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  idSchema,
  messageSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  setTwoFactorRequirementSchema,
  twoFactorRequirementsSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import {
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  resetSecondFactor,
  secondFactorStatus,
  setTwoFactorRequirement,
  startEnrolment,
  twoFactorRequirements,
} from './two-factor.service.js';

export const twoFactorEndpoints = [
  endpoint({
    name: 'auth.twoFactor.status',
    summary: 'Si la cuenta tiene 2FA y cuántos códigos de recuperación le quedan',
    permission: 'authenticated',
    beforeEnrolment: true,
    input: NO_INPUT,
    output: twoFactorStatusSchema,
    rest: { method: 'GET', path: '/api/auth/2fa' },
    trpc: 'query',
    handler: ({ ctx }) => secondFactorStatus(ctx),
  }),
  endpoint({
    name: 'auth.twoFactor.setup',
    summary: 'Empieza a activar 2FA: el secreto y su código QR',
    permission: 'authenticated',
    beforeEnrolment: true,
    input: NO_INPUT,
    output: twoFactorSetupSchema,
    rest: { method: 'POST', path: '/api/auth/2fa/setup' },
    trpc: 'mutation',
    handler: ({ ctx }) => startEnrolment(ctx),
  }),
  endpoint({
    name: 'auth.twoFactor.confirm',
    summary: 'Activa 2FA con un código de la app; da los 10 códigos de recuperación',
    permission: 'authenticated',
    beforeEnrolment: true,
    input: confirmTwoFactorSchema,
    output: recoveryCodesSchema,
    rest: { method: 'POST', path: '/api/auth/2fa/confirm' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => confirmEnrolment(ctx, input),
  }),
  endpoint({
    name: 'auth.twoFactor.regenerateRecoveryCodes',
    summary: 'Cambia los códigos de recuperación (pide un código)',
    permission: 'authenticated',
    input: regenerateRecoveryCodesSchema,
    output: recoveryCodesSchema,
    rest: { method: 'POST', path: '/api/auth/2fa/recovery-codes' },
    trpc: 'mutation',
    handler: ({ ctx, input, client }) => regenerateRecoveryCodes(ctx, input, client),
  }),
  endpoint({
    name: 'auth.twoFactor.disable',
    summary: 'Desactiva 2FA (pide la contraseña y un código)',
    description: '403 si el rol de la persona exige 2FA.',
    permission: 'authenticated',
    input: disableTwoFactorSchema,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/auth/2fa/disable' },
    trpc: 'mutation',
    handler: async ({ ctx, input, client }) => {
      await disableSecondFactor(ctx, input, client);
      return { message: 'Autenticación en dos pasos desactivada' };
    },
  }),
  endpoint({
    name: 'auth.twoFactor.reset',
    summary: 'Quita el 2FA de una persona que perdió el teléfono y sus códigos',
    permission: 'user.resetSecondFactor',
    input: z.object({ id: idSchema }),
    output: messageSchema,
    rest: { method: 'DELETE', path: '/api/users/:id/two-factor' },
    trpc: 'mutation',
    handler: async ({ ctx, input, client }) => {
      await resetSecondFactor(ctx, input.id, client);
      return { message: 'Autenticación en dos pasos restablecida' };
    },
  }),
  endpoint({
    name: 'auth.twoFactor.requirements',
    summary: 'Los roles que exigen 2FA',
    permission: 'authenticated',
    input: NO_INPUT,
    output: twoFactorRequirementsSchema,
    rest: { method: 'GET', path: '/api/roles/two-factor' },
    trpc: 'query',
    handler: ({ ctx }) => twoFactorRequirements(ctx),
  }),
  endpoint({
    name: 'auth.twoFactor.setRequirement',
    summary: 'Exige (o deja de exigir) 2FA a un rol',
    description: '`role`: `admin`, `manager`, `team_member` (o `vendedor`) o el id de un rol personalizado.',
    permission: 'role.requireSecondFactor',
    input: setTwoFactorRequirementSchema,
    output: twoFactorRequirementsSchema,
    rest: { method: 'PUT', path: '/api/roles/:role/two-factor' },
    trpc: 'mutation',
    handler: ({ ctx, input, client }) => setTwoFactorRequirement(ctx, input, client),
  }),
] as const;
