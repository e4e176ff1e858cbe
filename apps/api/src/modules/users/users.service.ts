/** Editing users and passwords (who may edit what: docs/roles-and-permissions.md); used by tRPC and REST alike. */
import { emailTaken, findPasswordHash, findUserById, updateUser as updateUserRow } from '@crm/db';
import { DomainError, type User, type changePasswordSchema, type updateUserSchema } from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { accountKey, throttledPasswordCheck } from '../auth/login-throttle.js';
import { endOtherSessions } from '../auth/session.service.js';

export const USER_NOT_FOUND = 'Usuario no encontrado';
export const EMAIL_TAKEN = 'Ya existe un usuario con ese email';

export async function getUserOrThrow(ctx: ServiceContext, id: number): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

export async function updateUser(ctx: ServiceContext, targetId: number, input: z.output<typeof updateUserSchema>): Promise<User> {
  return ctx.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, targetId);
    if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    requirePermission(ctx, 'user.editProfile', target);

    const requestedRole = input.systemRole ?? input.role;
    const roleChanges = requestedRole !== undefined && requestedRole !== target.systemRole;
    if (roleChanges) requirePermission(ctx, 'user.changeRole', target, 'Solo un administrador puede cambiar el rol');
    if (input.email && (await emailTaken(trx, input.email, targetId))) {
      throw new DomainError('CONFLICT', EMAIL_TAKEN);
    }
    const updated = await updateUserRow(trx, targetId, {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      bio: input.bio,
      team_name: input.teamName,
      system_role: roleChanges ? requestedRole : undefined,
    });
    if (!updated) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    return updated;
  });
}

/**
 * Changes the caller's own password and ends every other session of theirs. The current
 * password is checked under the sign-in limits, so a stolen session cannot guess it faster.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: z.output<typeof changePasswordSchema>,
  client: { ip: string },
): Promise<void> {
  const userId = ctx.viewer.user.id;
  const storedHash = await findPasswordHash(ctx.db, userId);
  const key = { accountKey: accountKey(userId), ip: client.ip };
  const right = await throttledPasswordCheck(
    ctx,
    key,
    async () => storedHash !== undefined && (await verifyPassword(storedHash, input.currentPassword)),
  );
  if (!right) {
    throw new DomainError('BAD_REQUEST', 'La contraseña actual no es correcta');
  }
  const newHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUserRow(trx, userId, { password_hash: newHash });
    await endOtherSessions({ ...ctx, db: trx }, userId, ctx.viewer.sessionId);
  });
  await announceSessionsEnded(ctx, userId);
}
