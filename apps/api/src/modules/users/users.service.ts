/** Editing users and passwords under the permission table (docs/roles-and-permissions.md); used by tRPC and REST alike. */
import { dissolveTeamIfAlone, emailTaken, findPasswordHash, findUserById, lockActiveAdminIds, updateUser as updateUserRow } from '@crm/db';
import {
  CONFLICT_MESSAGES,
  DomainError,
  LAST_ADMIN_MESSAGE,
  USER_EDIT_FIELDS,
  type User,
  type changePasswordSchema,
  editableUserFields,
  removesLastAdmin,
  type updateUserSchema,
} from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { accountKey, throttledPasswordCheck } from '../auth/login-throttle.js';
import { endOtherSessions } from '../../sessions/session.js';
import { clashesAsConflict, moveToTeam, nameManagersTeam } from '../teams/teams.service.js';
import { watchLeadAccess } from '../leads/lead-sight.js';

export const USER_NOT_FOUND = 'Usuario no encontrado';
const FIELDS_REFUSED = 'No tienes permisos para cambiar estos datos';
const TEAM_NAME_FOR_MANAGERS = 'Solo un manager tiene nombre de equipo: a un vendedor se le pone en un equipo (teamId)';
const MANAGER_LEADS_TEAM = 'Este manager dirige un equipo: pásalo antes a otro manager';

type UserUpdate = z.output<typeof updateUserSchema>;

/** The fields the request really changes: sending a field with its current value is no change. */
function changedFields(target: User, input: UserUpdate) {
  return USER_EDIT_FIELDS.filter((field) => input[field] !== undefined && input[field] !== target[field]);
}

export async function updateUser(ctx: ServiceContext, targetId: number, input: UserUpdate): Promise<User> {
  const requestedRole = input.systemRole ?? input.role;
  // A new role or team may change whose leads people see: they are told live.
  const write = () => writeUser(ctx, targetId, input, requestedRole);
  return requestedRole !== undefined || input.teamId !== undefined ? watchLeadAccess(ctx, write) : write();
}

function writeUser(ctx: ServiceContext, targetId: number, input: UserUpdate, requestedRole: UserUpdate['role']): Promise<User> {
  return clashesAsConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      // A demotion may remove the last admin: read the admins under lock before anything else.
      const activeAdmins = requestedRole !== undefined && requestedRole !== 'admin' ? await lockActiveAdminIds(trx) : [];
      const target = await findUserById(trx, targetId);
      if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      requirePermission(ctx, 'user.editProfile', target);
      const allowed = editableUserFields(ctx.viewer.user, target);
      if (changedFields(target, input).some((field) => !allowed.includes(field))) throw new DomainError('FORBIDDEN', FIELDS_REFUSED);

      const roleChanges = requestedRole !== undefined && requestedRole !== target.systemRole;
      if (roleChanges) requirePermission(ctx, 'user.changeRole', target, 'Solo un administrador puede cambiar el rol');
      if (roleChanges && removesLastAdmin(activeAdmins, target.id)) throw new DomainError('CONFLICT', LAST_ADMIN_MESSAGE);
      if (input.email && (await emailTaken(trx, input.email, targetId))) {
        throw new DomainError('CONFLICT', CONFLICT_MESSAGES.emailTaken);
      }
      const updated = await updateUserRow(trx, targetId, {
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        phone: input.phone,
        bio: input.bio,
        system_role: roleChanges ? requestedRole : undefined,
      });
      if (!updated) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      if (roleChanges && target.systemRole === 'manager' && (await dissolveTeamIfAlone(trx, targetId))) {
        throw new DomainError('CONFLICT', MANAGER_LEADS_TEAM);
      }
      if (input.teamId !== undefined) await moveToTeam(ctx, trx, target, input.teamId);
      if (input.teamName !== undefined && input.teamName !== target.teamName) {
        if (updated.systemRole !== 'manager') throw new DomainError('BAD_REQUEST', TEAM_NAME_FOR_MANAGERS);
        if (!input.teamName) throw new DomainError('BAD_REQUEST', 'El nombre del equipo es requerido para managers');
        await nameManagersTeam(trx, targetId, input.teamName);
      }
      return (await findUserById(trx, targetId)) ?? updated;
    }),
  );
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
