/**
 * The second factor: enrolment (secret + QR, confirmed by a first code, then 10 recovery codes),
 * turning it off (password + code), an admin's reset, the requirement per role, and the code
 * check the sign-in uses. A code is spent when accepted: a TOTP code's time step or a recovery code.
 */
import {
  claimSecondFactorStep,
  confirmSecondFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findCustomRoleById,
  findPasswordHash,
  findSecondFactor,
  findUserById,
  listTwoFactorRequirements,
  replaceRecoveryCodes,
  roleRequiresSecondFactor,
  setTwoFactorRequirement as storeTwoFactorRequirement,
  upsertPendingSecondFactor,
  useRecoveryCode,
} from '@crm/db';
import {
  type confirmTwoFactorSchema,
  type disableTwoFactorSchema,
  type regenerateRecoveryCodesSchema,
  DomainError,
  type RecoveryCodes,
  type setTwoFactorRequirementSchema,
  TWO_FACTOR_MESSAGES,
  type TwoFactorRequirements,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../context.js';
import { accountKey, throttledPasswordCheck } from './login-throttle.js';
import { verifyPassword } from './password.js';
import { hashRecoveryCode, looksLikeTotpCode, newRecoveryCodes } from './recovery-codes.js';
import { recordSecurityEvent } from './security-events.js';
import { newTotpSecret, qrCodeDataUrl, totpStepOf, totpUri } from './totp.js';

const USER_NOT_FOUND = 'Usuario no encontrado';

export async function secondFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const { user } = ctx.viewer;
  return {
    enabled: user.twoFactorEnabled,
    required: await roleRequiresSecondFactor(ctx.db, user.id, user.systemRole),
    recoveryCodesLeft: user.twoFactorEnabled ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** Step 1: a new secret, shown now and never again once confirmed. Restarting replaces an unconfirmed one. */
export async function startEnrolment(ctx: ServiceContext): Promise<TwoFactorSetup> {
  const { user } = ctx.viewer;
  const secret = newTotpSecret();
  if (!(await upsertPendingSecondFactor(ctx.db, user.id, secret))) {
    throw new DomainError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  const otpauthUri = totpUri(secret, user.username);
  return { secret, otpauthUri, qrCode: await qrCodeDataUrl(otpauthUri) };
}

/** Step 2: the first code proves the app has the secret; the answer holds the recovery codes, shown once. */
export async function confirmEnrolment(ctx: ServiceContext, input: z.output<typeof confirmTwoFactorSchema>): Promise<RecoveryCodes> {
  const userId = ctx.viewer.user.id;
  const factor = await findSecondFactor(ctx.db, userId);
  if (factor?.confirmed) throw new DomainError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!factor) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.noPendingEnrolment);
  const step = await totpStepOf(factor.secret, input.code);
  if (step === undefined) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await confirmSecondFactor(trx, userId, step))) return false;
    await replaceRecoveryCodes(trx, userId, recoveryCodes.map(hashRecoveryCode));
    return true;
  });
  if (!confirmed) throw new DomainError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
  await recordSecurityEvent(ctx, { action: 'two_factor_enabled', actorId: userId, targetUserId: userId });
  return { recoveryCodes };
}

/**
 * Checks a code against a user's confirmed factor and spends it: a TOTP code of a time step not
 * used before, or an unused recovery code. False for anything else (a replay included).
 */
export async function spendSecondFactorCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const factor = await findSecondFactor(ctx.db, userId);
  if (!factor?.confirmed) return false;
  if (!looksLikeTotpCode(code)) return useRecoveryCode(ctx.db, userId, hashRecoveryCode(code));
  const step = await totpStepOf(factor.secret, code.replace(/\s/g, ''));
  return step !== undefined && claimSecondFactorStep(ctx.db, userId, step);
}

/** Turning it off takes the password and a code, both checked under the sign-in limits. */
export async function disableSecondFactor(
  ctx: ServiceContext,
  input: z.output<typeof disableTwoFactorSchema>,
  client: { ip: string },
): Promise<void> {
  const { user } = ctx.viewer;
  if (!user.twoFactorEnabled) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnabled);
  if (await roleRequiresSecondFactor(ctx.db, user.id, user.systemRole)) {
    throw new DomainError('FORBIDDEN', TWO_FACTOR_MESSAGES.requiredByRole);
  }
  const storedHash = await findPasswordHash(ctx.db, user.id);
  const right = await throttledPasswordCheck(ctx, { accountKey: accountKey(user.id), ip: client.ip }, async () => {
    const passwordRight = storedHash !== undefined && (await verifyPassword(storedHash, input.password));
    return passwordRight && (await spendSecondFactorCode(ctx, user.id, input.code));
  });
  if (!right) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.wrongPasswordOrCode);
  await deleteSecondFactor(ctx.db, user.id);
  await recordSecurityEvent(ctx, { action: 'two_factor_disabled', actorId: user.id, targetUserId: user.id, ip: client.ip });
}

/** New recovery codes for the caller, shown once; the old ones stop working. A current code (counted by the throttle) is the proof. */
export async function regenerateRecoveryCodes(
  ctx: ServiceContext,
  input: z.output<typeof regenerateRecoveryCodesSchema>,
  client: { ip: string },
): Promise<RecoveryCodes> {
  const userId = ctx.viewer.user.id;
  if (!ctx.viewer.user.twoFactorEnabled) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnabled);
  const right = await throttledPasswordCheck(ctx, { accountKey: accountKey(userId), ip: client.ip }, () =>
    spendSecondFactorCode(ctx, userId, input.code),
  );
  if (!right) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, userId, recoveryCodes.map(hashRecoveryCode));
  await recordSecurityEvent(ctx, { action: 'recovery_codes_regenerated', actorId: userId, targetUserId: userId, ip: client.ip });
  return { recoveryCodes };
}

/** An admin removes someone's second factor (a lost phone and lost recovery codes). */
export async function resetSecondFactor(ctx: ServiceContext, userId: number, client: { ip: string }): Promise<void> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (!(await deleteSecondFactor(ctx.db, userId)))
    throw new DomainError('BAD_REQUEST', 'Esta persona no tiene la autenticación en dos pasos activada');
  await recordSecurityEvent(ctx, { action: 'two_factor_reset', actorId: ctx.viewer.user.id, targetUserId: userId, ip: client.ip });
}

export function twoFactorRequirements(ctx: ServiceContext): Promise<TwoFactorRequirements> {
  return listTwoFactorRequirements(ctx.db);
}

export async function setTwoFactorRequirement(
  ctx: ServiceContext,
  input: z.output<typeof setTwoFactorRequirementSchema>,
  client: { ip: string },
): Promise<TwoFactorRequirements> {
  if ('customRoleId' in input.role && !(await findCustomRoleById(ctx.db, input.role.customRoleId))) {
    throw new DomainError('NOT_FOUND', 'Rol no encontrado');
  }
  await storeTwoFactorRequirement(ctx.db, input.role, input.required);
  await recordSecurityEvent(ctx, {
    action: 'two_factor_requirement_changed',
    actorId: ctx.viewer.user.id,
    ip: client.ip,
    details: { ...input.role, required: input.required },
  });
  return listTwoFactorRequirements(ctx.db);
}
