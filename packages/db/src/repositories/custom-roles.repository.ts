/** Custom (specialization) roles and their assignment to users. */
import type { CustomRole, DistributionRule, UserCustomRole } from '@crm/domain';
import type { Selectable } from 'kysely';
import type { CustomRolesTable } from '../tables/roles.table.js';
import type { DbOrTrx } from '../types.js';

function toCustomRoleDto(row: Selectable<CustomRolesTable>): CustomRole {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    color: row.color,
    createdAt: row.created_at,
    distribution: row.distribution,
  };
}

export async function listCustomRoles(db: DbOrTrx): Promise<CustomRole[]> {
  const rows = await db.selectFrom('custom_roles').selectAll().orderBy('display_name').orderBy('id').execute();
  return rows.map(toCustomRoleDto);
}

export async function findCustomRoleById(db: DbOrTrx, id: number): Promise<CustomRole | undefined> {
  const row = await db.selectFrom('custom_roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCustomRoleDto(row);
}

export async function customRoleNameTaken(db: DbOrTrx, name: string): Promise<boolean> {
  const row = await db.selectFrom('custom_roles').select('id').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomRole(
  db: DbOrTrx,
  values: { name: string; displayName: string; description: string | null; color: string },
): Promise<CustomRole> {
  const row = await db
    .insertInto('custom_roles')
    .values({ name: values.name, display_name: values.displayName, description: values.description, color: values.color })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCustomRoleDto(row);
}

/** Absent fields stay as they are; returns undefined for an unknown id. */
export async function updateCustomRole(
  db: DbOrTrx,
  id: number,
  values: { displayName?: string; description?: string | null; color?: string; distribution?: DistributionRule },
): Promise<CustomRole | undefined> {
  const changes = {
    display_name: values.displayName,
    description: values.description,
    color: values.color,
    distribution: values.distribution,
  };
  const hasChanges = Object.values(changes).some((value) => value !== undefined);
  if (!hasChanges) return findCustomRoleById(db, id);
  const row = await db.updateTable('custom_roles').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  return row && toCustomRoleDto(row);
}

/** The schema cascades: assignments go with the role, groups tied to it are unlinked (SET NULL). */
export async function deleteCustomRole(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('custom_roles').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Gives a user a role; assigning one they already hold changes nothing. */
export async function assignCustomRole(db: DbOrTrx, userId: number, roleId: number): Promise<void> {
  await db
    .insertInto('user_custom_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeCustomRole(db: DbOrTrx, userId: number, roleId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_custom_roles').where('user_id', '=', userId).where('role_id', '=', roleId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every assignment of the given users (all users when omitted), grouped by user id. */
export async function listUserCustomRoles(db: DbOrTrx, userIds?: number[]): Promise<Map<number, UserCustomRole[]>> {
  const byUser = new Map<number, UserCustomRole[]>();
  if (userIds?.length === 0) return byUser;
  let query = db
    .selectFrom('user_custom_roles')
    .innerJoin('custom_roles', 'custom_roles.id', 'user_custom_roles.role_id')
    .select([
      'user_custom_roles.id',
      'user_custom_roles.user_id',
      'user_custom_roles.role_id',
      'custom_roles.name',
      'custom_roles.display_name',
      'custom_roles.color',
    ])
    .orderBy('custom_roles.display_name')
    .orderBy('user_custom_roles.id');
  if (userIds) query = query.where('user_custom_roles.user_id', 'in', userIds);
  for (const row of await query.execute()) {
    const entry: UserCustomRole = {
      id: row.id,
      roleId: row.role_id,
      role: { name: row.name, displayName: row.display_name, color: row.color },
    };
    const list = byUser.get(row.user_id);
    if (list) list.push(entry);
    else byUser.set(row.user_id, [entry]);
  }
  return byUser;
}
