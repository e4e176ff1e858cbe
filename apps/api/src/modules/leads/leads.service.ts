/** Leads (rules in docs/leads.md): list pages, tab counts, create, edit, assign, mark contacted; tRPC and REST call these. */
import {
  type DbOrTrx,
  countLeadGroups,
  countLeads,
  decodeLeadCursor,
  encodeLeadCursor,
  findLeadListItem,
  findLeadRowForUpdate,
  findUserById,
  insertLead,
  type LeadFilters,
  type LeadRow,
  listLeads,
  recordActivity,
  updateLeadRow,
} from '@crm/db';
import {
  type CreateLead,
  DomainError,
  FORBIDDEN_MESSAGE,
  type LeadCounts,
  type LeadCountsQuery,
  type LeadListItem,
  type LeadListQuery,
  type LeadPage,
  type LeadStatus,
  type UpdateLead,
  updateLeadSchema,
  canBeMarkedContacted,
  canSetLeadStatus,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { actorName } from '../activities/activities.service.js';

export const LEAD_NOT_FOUND = 'Lead no encontrado';
const ASSIGNEE_NOT_FOUND = 'El usuario asignado no existe';
const MARK_CONTACTED_REFUSED = 'Este lead ya no se puede marcar como contactado';
const DEFAULT_PAGE_SIZE = 50;

export function filtersOf(query: LeadListQuery | LeadCountsQuery): LeadFilters {
  return {
    view: 'view' in query ? query.view : undefined,
    status: query.status,
    category: query.category,
    groupId: query.groupId,
    q: query.q,
  };
}

/** One page, newest first; `nextCursor` is opaque to the client. */
export async function listLeadPage(ctx: ServiceContext, query: LeadListQuery): Promise<LeadPage> {
  requirePermission(ctx, 'lead.read');
  let cursor;
  if (query.cursor) {
    cursor = decodeLeadCursor(query.cursor);
    if (!cursor) throw new DomainError('BAD_REQUEST', 'Cursor de paginación inválido');
  }
  const page = await listLeads(ctx.db, filtersOf(query), { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor });
  return { items: page.items, nextCursor: page.nextCursor && encodeLeadCursor(page.nextCursor) };
}

export async function countLeadTabs(ctx: ServiceContext, query: LeadCountsQuery): Promise<LeadCounts> {
  requirePermission(ctx, 'lead.read');
  const filters = filtersOf(query);
  const [leads, contacted, groups] = await Promise.all([
    countLeads(ctx.db, { ...filters, view: 'leads' }),
    countLeads(ctx.db, { ...filters, view: 'contacted' }),
    countLeadGroups(ctx.db),
  ]);
  return { leads, contacted, groups };
}

export async function getLeadOrThrow(ctx: ServiceContext, id: number): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.read');
  const lead = await findLeadListItem(ctx.db, id);
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  return lead;
}

async function assertAssigneeExists(db: DbOrTrx, userId: number | null | undefined): Promise<void> {
  if (userId != null && !(await findUserById(db, userId))) throw new DomainError('BAD_REQUEST', ASSIGNEE_NOT_FOUND);
}

export async function createLead(ctx: ServiceContext, input: CreateLead): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.manage');
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertAssigneeExists(trx, input.assignedTo);
    const leadId = await insertLead(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      category: input.category,
      description: input.description,
      assigned_to: input.assignedTo,
      created_by: ctx.viewer.user.id,
    });
    await recordActivity(trx, {
      type: 'lead_created',
      description: `${actorName(ctx)} creó el lead ${input.name}`,
      userId: ctx.viewer.user.id,
      leadId,
    });
    return leadId;
  });
  return getLeadOrThrow(ctx, id);
}

/**
 * The columns a status change sets besides status itself: contactado records who and when
 * (the session's user and the server's clock, whatever the client sent), convertido stamps converted_at.
 */
function statusColumns(row: LeadRow, status: LeadStatus, actorId: number, now: Date) {
  const columns: { status: LeadStatus; contacted_by?: number; contacted_at?: Date; converted_at?: Date | null } = { status };
  if (status === 'contactado' && row.status !== 'contactado') {
    columns.contacted_by = actorId;
    columns.contacted_at = now;
  }
  if (status === 'convertido' && row.status !== 'convertido') columns.converted_at = now;
  if (status !== 'convertido' && row.status === 'convertido') columns.converted_at = null;
  return columns;
}

function assertMayMoveStatus(ctx: ServiceContext, row: LeadRow, status: LeadStatus): void {
  const actor = ctx.viewer.user;
  if (!canSetLeadStatus(actor, { assignedTo: row.assigned_to, contactedBy: row.contacted_by }, status)) {
    throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }
  // Reaching contactado is marking the lead contacted, whoever asks and on whichever transport.
  const marks = status === 'contactado' && row.status !== 'contactado';
  if (marks && !canBeMarkedContacted({ status: row.status, contactedAt: row.contacted_at })) {
    throw new DomainError('CONFLICT', MARK_CONTACTED_REFUSED);
  }
}

/**
 * The edit dialog and the spec's mark-contacted call. Admins and managers change any field;
 * anyone else may only send a status that canSetLeadStatus allows them.
 */
export async function updateLead(ctx: ServiceContext, id: number, input: UpdateLead): Promise<LeadListItem> {
  const { status, ...fields } = input;
  const changesFields = Object.values(fields).some((value) => value !== undefined);
  if (changesFields) requirePermission(ctx, 'lead.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForUpdate(trx, id);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    if (status !== undefined) assertMayMoveStatus(ctx, row, status);
    await assertAssigneeExists(trx, fields.assignedTo);
    const now = new Date();
    const statusChange = status === undefined || status === row.status ? {} : statusColumns(row, status, ctx.viewer.user.id, now);
    await updateLeadRow(trx, row, {
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      category: fields.category,
      description: fields.description,
      assigned_to: fields.assignedTo,
      address: fields.address,
      domain: fields.domain,
      ...statusChange,
    });
    await recordStatusActivity(ctx, trx, row, fields.name ?? row.name, status);
  });
  return getLeadOrThrow(ctx, id);
}

async function recordStatusActivity(
  ctx: ServiceContext,
  trx: DbOrTrx,
  row: LeadRow,
  name: string,
  status: LeadStatus | undefined,
): Promise<void> {
  if (status === undefined || status === row.status) return;
  const actor = { userId: ctx.viewer.user.id, leadId: row.id };
  if (status === 'convertido') {
    await recordActivity(trx, { type: 'lead_converted', description: `${actorName(ctx)} convirtió el lead ${name}`, ...actor });
  } else if (status === 'contactado') {
    await recordActivity(trx, { type: 'lead_contacted', description: `${actorName(ctx)} contactó el lead ${name}`, ...actor });
  }
}

/** 'Marcar como contactado': the session's user and now, whatever the client claims. */
export function markLeadContacted(ctx: ServiceContext, id: number): Promise<LeadListItem> {
  return updateLead(ctx, id, updateLeadSchema.parse({ status: 'contactado' }));
}

export async function assignLead(ctx: ServiceContext, id: number, input: { assignedTo: number | null }): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForUpdate(trx, id);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    await assertAssigneeExists(trx, input.assignedTo);
    await updateLeadRow(trx, row, { assigned_to: input.assignedTo });
  });
  return getLeadOrThrow(ctx, id);
}
