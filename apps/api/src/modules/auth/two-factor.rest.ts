/** REST paths of the second factor (docs/rest-api.md, 'Autenticación 2FA'). */
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  idSchema,
  regenerateRecoveryCodesSchema,
  setTwoFactorRequirementSchema,
  twoFactorRoleSchema,
} from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
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

export const twoFactorRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/auth/2fa',
    beforeEnrolment: true,
    handler: ({ ctx }) => secondFactorStatus(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/2fa/setup',
    beforeEnrolment: true,
    handler: ({ ctx }) => startEnrolment(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/2fa/confirm',
    beforeEnrolment: true,
    body: confirmTwoFactorSchema,
    handler: ({ ctx, body }) => confirmEnrolment(ctx, body),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/2fa/recovery-codes',
    body: regenerateRecoveryCodesSchema,
    handler: ({ ctx, body, request }) => regenerateRecoveryCodes(ctx, body, { ip: request.ip }),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/2fa/disable',
    body: disableTwoFactorSchema,
    handler: async ({ ctx, body, request }) => {
      await disableSecondFactor(ctx, body, { ip: request.ip });
      return { message: 'Autenticación en dos pasos desactivada' };
    },
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/users/:id/two-factor',
    handler: async ({ ctx, params, request }) => {
      await resetSecondFactor(ctx, parseInput(idSchema, params.id), { ip: request.ip });
      return { message: 'Autenticación en dos pasos restablecida' };
    },
  }),
  authedRoute({
    method: 'GET',
    url: '/api/roles/two-factor',
    handler: ({ ctx }) => twoFactorRequirements(ctx),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/roles/:role/two-factor',
    body: setTwoFactorRequirementSchema.pick({ required: true }),
    handler: ({ ctx, params, body, request }) =>
      setTwoFactorRequirement(ctx, { role: parseInput(twoFactorRoleSchema, params.role), required: body.required }, { ip: request.ip }),
  }),
];
