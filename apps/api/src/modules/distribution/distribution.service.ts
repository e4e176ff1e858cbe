/**
 * Automatic distribution (docs/leads.md, 'Reparto automático'): hands leads to the available
 * members of a custom role by its rule, inside the caller's transaction and under the role row's
 * lock, so concurrent imports, bulk actions and replicas continue one rotation.
 */
import {
  type DbOrTrx,
  type LeadAssignee,
  assignLeadsTo,
  findUserById,
  listAvailableRoleMembers,
  lockRoleRotation,
  recordLeadHistory,
  saveRoleRotation,
  setUserAvailability,
} from '@crm/db';
import { DomainError, type User, planDistribution } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { ROLE_NOT_FOUND } from '../custom-roles/custom-roles.service.js';
import { assignmentEntries } from '../lead-history/lead-history.service.js';
import { USER_NOT_FOUND } from '../users/users.service.js';

const NO_DISTRIBUTION_RULE = 'Esta especialización no tiene reparto automático';
const NOBODY_AVAILABLE = 'No hay nadie disponible en esta especialización';

export interface Distribution {
  /** Each lead given with its new assignee; empty when nobody could take them. */
  assigned: LeadAssignee[];
  /** Why nothing was assigned, when nothing was. */
  refusal?: typeof NO_DISTRIBUTION_RULE | typeof NOBODY_AVAILABLE;
}

/** Assigns `leadIds` by the role's rule and advances its rotation. Unknown role: NOT_FOUND. */
export async function distributeLeads(
  trx: DbOrTrx,
  roleId: number,
  leadIds: readonly number[],
  actorId: number | null,
): Promise<Distribution> {
  const rotation = await lockRoleRotation(trx, roleId);
  if (!rotation) throw new DomainError('NOT_FOUND', ROLE_NOT_FOUND);
  if (rotation.distribution === 'none') return { assigned: [], refusal: NO_DISTRIBUTION_RULE };
  const members = await listAvailableRoleMembers(trx, roleId, rotation.distribution === 'least_busy');
  if (members.length === 0) return { assigned: [], refusal: NOBODY_AVAILABLE };
  const plan = planDistribution(rotation.distribution, members, rotation.lastAssignedUserId, leadIds.length);
  const rows = await assignLeadsTo(trx, leadIds, plan.assignees);
  // From whoever had each lead (a bulk 'Repartir' replaces owners), never a guessed null.
  await recordLeadHistory(
    trx,
    rows.flatMap((row) => assignmentEntries(actorId, row, row.assignee)),
  );
  await saveRoleRotation(trx, roleId, plan.lastAssignedUserId);
  return { assigned: rows.map((row) => ({ leadId: row.id, name: row.name, assignedTo: row.assignee })) };
}

/** 'Disponible para asignación': oneself, or an admin / manager for the people whose profile they may edit. */
export async function setAvailability(ctx: ServiceContext, userId: number, available: boolean): Promise<User> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  requirePermission(ctx, 'user.setAvailability', target);
  await setUserAvailability(ctx.db, userId, available);
  return { ...target, available };
}
