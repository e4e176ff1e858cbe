/**
 * Deleting a user deactivates them (docs/roles-and-permissions.md): they can no longer sign in
 * and leave every list, their sessions and live connections end, their open leads go to
 * nobody or to the colleague named, and everything they did stays under their name.
 */
import {
  countOpenLeadsAssignedTo,
  deactivateUser,
  deleteUserSessions,
  findUserById,
  lockActiveAdminIds,
  lockOpenLeadIdsAssignedTo,
  reassignOpenLeads,
  recordLeadHistory,
} from '@crm/db';
import { type DeleteUser, DomainError, LAST_ADMIN_MESSAGE, type User, removesLastAdmin } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { assignmentEntries } from '../lead-history/lead-history.service.js';
import { announceLeadsChanged } from '../leads/lead-changed.js';
import { leadSight } from '../leads/lead-sight.js';
import { emitLeadEvents } from '../webhooks/webhook-events.js';
import { USER_NOT_FOUND } from './users.service.js';

const HEIR_NOT_FOUND = 'El usuario que recibe los leads no existe';
const HEIR_IS_TARGET = 'Los leads no pueden pasar al usuario que se elimina';

async function deletableUser(ctx: ServiceContext, targetId: number, db = ctx.db): Promise<User> {
  const target = await findUserById(db, targetId);
  if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (target.id === ctx.viewer.user.id) throw new DomainError('FORBIDDEN', 'No puedes eliminar tu propio usuario');
  requirePermission(ctx, 'user.delete', target);
  return target;
}

/** What the confirmation dialog tells before deleting: how many open leads the user has. */
export async function deletionPreview(ctx: ServiceContext, targetId: number): Promise<{ openLeads: number }> {
  await deletableUser(ctx, targetId);
  return { openLeads: await countOpenLeadsAssignedTo(ctx.db, targetId) };
}

export async function deleteUser(ctx: ServiceContext, targetId: number, input: DeleteUser = {}): Promise<void> {
  const heirId = input.reassignTo ?? null;
  const reassigned = await ctx.db.transaction().execute(async (trx) => {
    // Two admins deactivating each other at once: the second waits here and then sees one admin left.
    const activeAdmins = await lockActiveAdminIds(trx);
    const target = await deletableUser(ctx, targetId, trx);
    if (removesLastAdmin(activeAdmins, target.id)) throw new DomainError('CONFLICT', LAST_ADMIN_MESSAGE);
    if (heirId === target.id) throw new DomainError('BAD_REQUEST', HEIR_IS_TARGET);
    if (heirId !== null && !(await findUserById(trx, heirId))) throw new DomainError('BAD_REQUEST', HEIR_NOT_FOUND);
    // Who sees those leads before they change hands: their heir's team may not be theirs.
    const sight = await leadSight(trx, await lockOpenLeadIdsAssignedTo(trx, target.id));
    const leadIds = await reassignOpenLeads(trx, target.id, heirId);
    await recordLeadHistory(
      trx,
      leadIds.flatMap((leadId) => assignmentEntries(ctx.viewer.user.id, { id: leadId, assigned_to: target.id }, heirId)),
    );
    await emitLeadEvents(ctx, trx, 'lead.assigned', leadIds);
    await deactivateUser(trx, target.id);
    await deleteUserSessions(trx, target.id);
    return { leadIds, sight };
  });
  // The sessions are gone; their open sockets and subscriptions close on every replica too.
  await announceSessionsEnded(ctx, targetId);
  await announceLeadsChanged(ctx, reassigned.leadIds, 'assigned', reassigned.sight);
}
