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
  uniqueViolationOf,
  updateCustomRole as updateCustomRoleRow,
} from '@crm/db';
import {
  type CreateCustomRole,
  type CustomRole,
  DomainError,
  FORBIDDEN_MESSAGE,
  type UpdateCustomRole,
  type UserCustomRole,
  can,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { USER_NOT_FOUND } from '../users/users.service.js';

export const ROLE_NOT_FOUND = 'Rol no encontrado';
export const ROLE_NAME_TAKEN = 'Ya existe un rol con ese identificador';

/** The transports check too; the service refuses on its own so no caller can skip the rule. */
function assertManager(ctx: ServiceContext): void {
  if (!can(ctx.viewer.user, 'customRole.manage')) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

export function listCustomRoles(ctx: ServiceContext): Promise<CustomRole[]> {
  return listCustomRoleRows(ctx.db);
}

export async function createCustomRole(ctx: ServiceContext, input: CreateCustomRole): Promise<CustomRole> {
  assertManager(ctx);
  if (await customRoleNameTaken(ctx.db, input.name)) throw new DomainError('CONFLICT', ROLE_NAME_TAKEN);
  try {
    return await insertCustomRole(ctx.db, input);
  } catch (error) {
    // Two creations racing past the check above: the unique index decides.
    if (uniqueViolationOf(error) !== undefined) throw new DomainError('CONFLICT', ROLE_NAME_TAKEN);
    throw error;
  }
}

export async function updateCustomRole(ctx: ServiceContext, id: number, input: UpdateCustomRole): Promise<CustomRole> {
  assertManager(ctx);
  const role = await updateCustomRoleRow(ctx.db, id, input);
  if (!role) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
  return role;
}

/** Assignments go with the role and groups tied to it are unlinked, by the schema's cascades. */
export async function deleteCustomRole(ctx: ServiceContext, id: number): Promise<void> {
  assertManager(ctx);
  if (!(await deleteCustomRoleRow(ctx.db, id))) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
}

/** Assigns a role (assigning one the user already holds is a no-op) and returns the user's roles. */
export async function assignRoleToUser(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  assertManager(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findUserById(trx, userId))) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    if (!(await findCustomRoleById(trx, roleId))) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
    await assignCustomRole(trx, userId, roleId);
    return (await listUserCustomRoles(trx, [userId])).get(userId) ?? [];
  });
}

export async function removeRoleFromUser(ctx: ServiceContext, userId: number, roleId: number): Promise<UserCustomRole[]> {
  assertManager(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await removeCustomRoleRow(trx, userId, roleId))) {
      throw new DomainError('NOT_FOUND', 'El usuario no tiene ese rol');
    }
    return (await listUserCustomRoles(trx, [userId])).get(userId) ?? [];
  });
}
