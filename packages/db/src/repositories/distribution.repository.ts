/** Automatic distribution's reads and writes: a role's rule and rotation (locked), its available members, the assignments. */
import { OPEN_STATUSES, type DistributionMember, type DistributionRule } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';

export interface RoleRotation {
  distribution: DistributionRule;
  lastAssignedUserId: number | null;
}

/**
 * The role's rule and rotation, its row locked until the transaction ends: whoever hands out
 * leads of this role next (another import, another replica) waits and then reads the advanced rotation.
 * FOR NO KEY UPDATE: the writes that point at the role (an import's group, a lead's role) take a
 * key-share lock on it first, which FOR UPDATE would wait for, and two such transactions deadlock.
 */
export async function lockRoleRotation(trx: DbOrTrx, roleId: number): Promise<RoleRotation | undefined> {
  const row = await trx
    .selectFrom('custom_roles')
    .select(['distribution', 'last_assigned_user_id'])
    .where('id', '=', roleId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row && { distribution: row.distribution, lastAssignedUserId: row.last_assigned_user_id };
}

export async function saveRoleRotation(trx: DbOrTrx, roleId: number, lastAssignedUserId: number | null): Promise<void> {
  await trx.updateTable('custom_roles').set({ last_assigned_user_id: lastAssignedUserId }).where('id', '=', roleId).execute();
}

/** The role's active members who are available for assignment, with their open leads when `withLoads` (least_busy). */
export async function listAvailableRoleMembers(trx: DbOrTrx, roleId: number, withLoads: boolean): Promise<DistributionMember[]> {
  const members = await trx
    .selectFrom('user_custom_roles')
    .innerJoin('users', 'users.id', 'user_custom_roles.user_id')
    .select('users.id')
    .where('user_custom_roles.role_id', '=', roleId)
    .where('users.deactivated_at', 'is', null)
    .where('users.available', '=', true)
    .orderBy('users.id')
    .execute();
  if (!withLoads || members.length === 0) return members.map((member) => ({ id: member.id, openLeads: 0 }));
  const loads = await trx
    .selectFrom('leads')
    .select(['assigned_to', (eb) => eb.fn.countAll<number>().as('count')])
    .where(
      'assigned_to',
      'in',
      members.map((member) => member.id),
    )
    .where('status', 'in', [...OPEN_STATUSES])
    .groupBy('assigned_to')
    .execute();
  const byMember = new Map(loads.map((load) => [load.assigned_to, Number(load.count)]));
  return members.map((member) => ({ id: member.id, openLeads: byMember.get(member.id) ?? 0 }));
}

/**
 * Sets each lead's assignee (arrays of equal length, same order) and answers, for each lead, its
 * name and new assignee (for the notifications) and whom it had before (for its history).
 * The update finds the leads by their id list and each one's assignee in a jsonb object: joined
 * to unnest(ids, users) instead, the planner (counting the 5,000 ids of a bulk batch) read the
 * whole leads table into a hash for every batch.
 */
export async function assignLeadsTo(
  trx: DbOrTrx,
  leadIds: readonly number[],
  userIds: readonly number[],
): Promise<{ id: number; name: string; assignee: number; assigned_to: number | null }[]> {
  if (leadIds.length === 0) return [];
  const before = await trx.selectFrom('leads').select(['id', 'assigned_to']).where('id', '=', anyInt(leadIds)).forUpdate().execute();
  const assigneeOf = Object.fromEntries(leadIds.map((leadId, index) => [leadId, userIds[index]]));
  const { rows } = await sql<{ id: number; name: string; assignee: number }>`
    update leads set assigned_to = (${JSON.stringify(assigneeOf)}::jsonb ->> id::text)::int, updated_at = now()
    where id = ${anyInt(leadIds)}
    returning id, name, assigned_to as assignee`.execute(trx);
  const previous = new Map(before.map((row) => [row.id, row.assigned_to]));
  return rows.map((row) => ({ ...row, assigned_to: previous.get(row.id) ?? null }));
}

/** The leads of a group nobody has yet, oldest first: what an import to a role still has to hand out. */
export async function unassignedLeadIdsOfGroup(trx: DbOrTrx, groupId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('leads')
    .select('id')
    .where('group_id', '=', groupId)
    .where('assigned_to', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function setUserAvailability(db: DbOrTrx, userId: number, available: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ available, updated_at: new Date() })
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
