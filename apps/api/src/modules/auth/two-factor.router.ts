/** tRPC `auth.twoFactor`: the same calls as the REST paths of the second factor. */
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  idSchema,
  regenerateRecoveryCodesSchema,
  setTwoFactorRequirementSchema,
} from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, enrollingProcedure, router } from '../../trpc/init.js';
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

export const twoFactorRouter = router({
  status: enrollingProcedure.query(({ ctx }) => secondFactorStatus(ctx)),
  setup: enrollingProcedure.mutation(({ ctx }) => startEnrolment(ctx)),
  confirm: enrollingProcedure.input(confirmTwoFactorSchema).mutation(({ ctx, input }) => confirmEnrolment(ctx, input)),
  regenerateRecoveryCodes: authedProcedure
    .input(regenerateRecoveryCodesSchema)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx, input, { ip: ctx.clientIp })),
  disable: authedProcedure.input(disableTwoFactorSchema).mutation(async ({ ctx, input }) => {
    await disableSecondFactor(ctx, input, { ip: ctx.clientIp });
    return { ok: true };
  }),
  reset: authedProcedure.input(z.object({ userId: idSchema })).mutation(async ({ ctx, input }) => {
    await resetSecondFactor(ctx, input.userId, { ip: ctx.clientIp });
    return { ok: true };
  }),
  requirements: authedProcedure.query(({ ctx }) => twoFactorRequirements(ctx)),
  setRequirement: authedProcedure
    .input(setTwoFactorRequirementSchema)
    .mutation(({ ctx, input }) => setTwoFactorRequirement(ctx, input, { ip: ctx.clientIp })),
});
