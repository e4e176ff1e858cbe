/** Custom roles: CRUD and assignment to users (admin and manager; see docs/roles-and-permissions.md). */
import {
  assignCustomRole,
  customRoleNameTaken,
  deleteCustomRole as deleteCustomRoleRow,
  findCustomRoleById,
  findUserById,
  insertCustomRole,
  listCustomRoles as listCustomRoleRows,
  listUserCustomRoles,
  removeCustomRole as removeCustomRoleRow,
  updateCustomRole as updateCustomRoleRow,
} from '@crm/db';
import {
  CONFLICT_MESSAGES,
  type CreateCustomRole,
  type CustomRole,
  DomainError,
  type UpdateCustomRole,
  type UserCustomRole,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { USER_NOT_FOUND } from '../users/users.service.js';
import { watchLeadAccess } from '../leads/lead-sight.js';

export const ROLE_NOT_FOUND = 'Rol no encontrado';

export function listCustomRoles(ctx: ServiceContext): Promise<CustomRole[]> {
  requirePermission(ctx, 'team.read');
  return listCustomRoleRows(ctx.db);
}

export async function createCustomRole(ctx: ServiceContext, input: CreateCustomRole): Promise<CustomRole> {
  requirePermission(ctx, 'customRole.manage');
  if (await customRoleNameTaken(ctx.db, input.name)) throw new DomainError('CONFLICT', CONFLICT_MESSAGES.roleNameTaken);
  // Two creations racing past the check above: the unique index decides (a 409, http/error-mapping.ts).
  return insertCustomRole(ctx.db, input);
}

export async function updateCustomRole(ctx: ServiceContext, id: number, input: UpdateCustomRole): Promise<CustomRole> {
  requirePermission(ctx, 'customRole.manage');
  const role = await updateCustomRoleRow(ctx.db, id, input);
  if (!role) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
  return role;
}

/**
 * Assignments go with the role and groups tied to it are unlinked, by the schema's cascades. Its
 * people whose lead visibility it narrowed see more now: they are told live, as for the two below.
 */
export async function deleteCustomRole(ctx: ServiceContext, id: number): Promise<void> {
  requirePermission(ctx, 'customRole.manage');
  if (!(await watchLeadAccess(ctx, () => deleteCustomRoleRow(ctx.db, id)))) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
}

/** Assigns a role (assigning one the user already holds is a no-op) and returns the user's roles. */
export async function assignRoleToUser(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  requirePermission(ctx, 'customRole.manage');
  return watchLeadAccess(ctx, () => assignRole(ctx, userId, roleId));
}

function assignRole(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findUserById(trx, userId))) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    if (!(await findCustomRoleById(trx, roleId))) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
    await assignCustomRole(trx, userId, roleId);
    return (await listUserCustomRoles(trx, [userId])).get(userId) ?? [];
  });
}

export async function removeRoleFromUser(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  requirePermission(ctx, 'customRole.manage');
  return watchLeadAccess(ctx, () => removeRole(ctx, userId, roleId));
}

function removeRole(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await removeCustomRoleRow(trx, userId, roleId))) {
      throw new DomainError('NOT_FOUND', 'El usuario no tiene ese rol');
    }
    return (await listUserCustomRoles(trx, [userId])).get(userId) ?? [];
  });
}
