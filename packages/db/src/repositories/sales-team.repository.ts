/** The sellers the lead dialogs offer: users, optionally with their custom (specialization) roles. */
import type { UserCustomRole, UserWithRoles } from '@crm/domain';
import type { DbOrTrx } from '../types.js';
import { listUsers } from './users.repository.js';

export async function listUsersWithCustomRoles(db: DbOrTrx): Promise<UserWithRoles[]> {
  const [users, assignments] = await Promise.all([
    listUsers(db),
    db
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
      .orderBy('user_custom_roles.id')
      .execute(),
  ]);
  const byUser = new Map<number, UserCustomRole[]>();
  for (const row of assignments) {
    const entries = byUser.get(row.user_id) ?? [];
    entries.push({ id: row.id, roleId: row.role_id, role: { name: row.name, displayName: row.display_name, color: row.color } });
    byUser.set(row.user_id, entries);
  }
  return users.map((user) => ({ ...user, customRoles: byUser.get(user.id) ?? [] }));
}
