/**
 * Follow-ups ('Seguimientos', docs/leads.md): set, reschedule, mark done, delete; 'Mis seguimientos'
 * and the badge. Admins and managers manage anyone's; a team_member only their own (domain rules).
 */
import {
  type FollowUpRow,
  countDueFollowUps,
  deleteFollowUpRow,
  findFollowUp,
  findFollowUpRowForUpdate,
  findLeadRow,
  findUserById,
  insertFollowUp,
  listFollowUps,
  recordLeadHistory,
  updateFollowUpRow,
} from '@crm/db';
import {
  type CreateFollowUp,
  DomainError,
  FOLLOW_UP_LIMITS,
  FORBIDDEN_MESSAGE,
  type FollowUp,
  type FollowUpListQuery,
  type UpdateFollowUp,
  canManageFollowUp,
  defaultFollowUpOwner,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import type { DbOrTrx } from '@crm/db';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { enqueueReminder } from './follow-ups.jobs.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { leadReaderOf } from '../leads/lead-reader.js';

const FOLLOW_UP_NOT_FOUND = 'Seguimiento no encontrado';
const OWNER_NOT_FOUND = 'El responsable no existe';

function assertMayManage(ctx: ServiceContext, ownerId: number): void {
  if (!canManageFollowUp(ctx.viewer.user, { ownerId })) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

export async function listMyFollowUps(ctx: ServiceContext, query: FollowUpListQuery): Promise<FollowUp[]> {
  requirePermission(ctx, 'lead.read');
  if (query.scope === 'team') requirePermission(ctx, 'followUp.team');
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  return listFollowUps(ctx.db, {
    reader: await leadReaderOf(ctx),
    timeZone,
    ownerId: query.scope === 'mine' ? ctx.viewer.user.id : undefined,
    due: query.due,
    done: query.done ?? false,
    now: new Date(),
    limit: FOLLOW_UP_LIMITS.listSize,
  });
}

export async function followUpBadge(ctx: ServiceContext): Promise<{ count: number }> {
  requirePermission(ctx, 'lead.read');
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  return { count: await countDueFollowUps(ctx.db, ctx.viewer.user.id, new Date(), timeZone) };
}

async function readBack(ctx: ServiceContext, id: number): Promise<FollowUp> {
  const followUp = await findFollowUp(ctx.db, id);
  if (!followUp) throw new DomainError('NOT_FOUND', FOLLOW_UP_NOT_FOUND);
  return followUp;
}

function setEntry(ctx: ServiceContext, followUp: { id: number; leadId: number; dueAt: Date; ownerId: number }) {
  return {
    leadId: followUp.leadId,
    type: 'follow_up_set' as const,
    actorId: ctx.viewer.user.id,
    changes: { followUpId: followUp.id, dueAt: followUp.dueAt.toISOString(), ownerId: followUp.ownerId },
  };
}

export async function createFollowUp(ctx: ServiceContext, input: CreateFollowUp): Promise<FollowUp> {
  requirePermission(ctx, 'lead.read');
  const reader = await leadReaderOf(ctx);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const lead = await findLeadRow(trx, input.leadId, reader);
    if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    const ownerId = input.ownerId ?? defaultFollowUpOwner(ctx.viewer.user, { assignedTo: lead.assigned_to, createdBy: lead.created_by });
    assertMayManage(ctx, ownerId);
    await assertOwnerExists(trx, ownerId);
    const followUpId = await insertFollowUp(trx, {
      leadId: lead.id,
      ownerId,
      dueAt: input.dueAt,
      note: input.note,
      createdBy: ctx.viewer.user.id,
    });
    await recordLeadHistory(trx, [setEntry(ctx, { id: followUpId, leadId: lead.id, dueAt: input.dueAt, ownerId })]);
    await enqueueReminder(ctx, trx, { id: followUpId, dueAt: input.dueAt });
    return followUpId;
  });
  return readBack(ctx, id);
}

async function assertOwnerExists(db: DbOrTrx, ownerId: number): Promise<void> {
  if (!(await findUserById(db, ownerId))) throw new DomainError('BAD_REQUEST', OWNER_NOT_FOUND);
}

async function lockedFollowUp(ctx: ServiceContext, trx: DbOrTrx, id: number): Promise<FollowUpRow> {
  requirePermission(ctx, 'lead.read');
  const row = await findFollowUpRowForUpdate(trx, id);
  // One on a lead the caller may not see is not found, like the lead.
  if (!row || !(await findLeadRow(trx, row.leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', FOLLOW_UP_NOT_FOUND);
  assertMayManage(ctx, row.ownerId);
  return row;
}

/** Reschedule (a new reminder follows), change the note, mark done or reopen. */
export async function updateFollowUp(ctx: ServiceContext, id: number, input: UpdateFollowUp): Promise<FollowUp> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedFollowUp(ctx, trx, id);
    const doneAt = input.done === undefined ? undefined : input.done ? (row.doneAt ?? new Date()) : null;
    await updateFollowUpRow(trx, row, { dueAt: input.dueAt, note: input.note, doneAt });
    const rescheduledTo = input.dueAt !== undefined && input.dueAt.getTime() !== row.dueAt.getTime() ? input.dueAt : undefined;
    const reopened = row.doneAt !== null && doneAt === null;
    const open = (doneAt === undefined ? row.doneAt : doneAt) === null;
    // The reminder of the new time (the old time's job finds the row not due, or reminded, and does nothing).
    if (open && (rescheduledTo || reopened)) await enqueueReminder(ctx, trx, { id, dueAt: rescheduledTo ?? row.dueAt });
    const entries = [];
    if (rescheduledTo) entries.push(setEntry(ctx, { ...row, dueAt: rescheduledTo }));
    if (input.done === true && row.doneAt === null) {
      entries.push({ leadId: row.leadId, type: 'follow_up_done' as const, actorId: ctx.viewer.user.id, changes: { followUpId: row.id } });
    }
    await recordLeadHistory(trx, entries);
  });
  return readBack(ctx, id);
}

export async function deleteFollowUp(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  await ctx.db.transaction().execute(async (trx) => deleteFollowUpRow(trx, await lockedFollowUp(ctx, trx, id)));
  return { id };
}
