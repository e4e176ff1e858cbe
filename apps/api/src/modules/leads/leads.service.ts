/** Leads (rules in docs/leads.md): list pages, tab counts, create, edit, assign, mark contacted; tRPC and REST call these. */
import {
  type DbOrTrx,
  EVERY_LEAD,
  countLeadGroups,
  countLeads,
  decodeLeadCursor,
  deleteLeadRow,
  encodeLeadCursor,
  findLeadListItem,
  findLeadRowForUpdate,
  findUserById,
  insertLead,
  type CustomSortField,
  type LeadFilters,
  type LeadRow,
  listLeads,
  recordActivity,
  recordLeadHistory,
  updateLeadRow,
} from '@crm/db';
import {
  type CreateLead,
  DEFAULT_LEAD_SORT,
  DomainError,
  type LeadAssigneeFilter,
  type LeadCounts,
  type LeadCountsQuery,
  type LeadListItem,
  type LeadListQuery,
  type LeadPage,
  type LeadStatus,
  type UpdateLead,
  type WebhookEventType,
  updateLeadSchema,
  applyCustomFieldsPatch,
  customSortKey,
  resolveCustomFilters,
  resolveCustomSort,
  type CustomFieldValues,
  type LeadSort,
  canBeMarkedContacted,
  leadStatusRefusal,
  clearedRequiredField,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { actorName } from '../activities/activities.service.js';
import { distributeLeads } from '../distribution/distribution.service.js';
import { assignmentEntries, leadUpdateEntries } from '../lead-history/lead-history.service.js';
import { Notifier } from '../notifications/notifier.js';
import { announceLeadChanged, announceLeadDeleted } from './lead-changed.js';
import { type LeadSight, leadSight } from './lead-sight.js';
import { assertNoDuplicateLead, normalizeLeadPhone, refusingDuplicateRace } from './lead-contact.js';
import { LEAD_NOT_FOUND } from './lead-messages.js';
import { leadReaderOf } from './lead-reader.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { emitLeadEvents } from '../webhooks/webhook-events.js';
import { checkedCustomFields, leadFieldDefinitions } from '../custom-fields/custom-fields.service.js';
const ASSIGNEE_NOT_FOUND = 'El usuario asignado no existe';
const MARK_CONTACTED_REFUSED = 'Este lead ya no se puede marcar como contactado';
const DEFAULT_PAGE_SIZE = 50;

/** 'me' is the caller, 'none' the unassigned leads. */
function assigneeFilter(ctx: ServiceContext, assignedTo: LeadAssigneeFilter | undefined): number | null | undefined {
  if (assignedTo === 'me') return ctx.viewer.user.id;
  if (assignedTo === 'none') return null;
  return assignedTo;
}

/** The list's `cf` filters, checked against the lead fields: an unknown key or a wrong operator is a 400. */
export async function customFiltersOf(ctx: ServiceContext, query: Pick<LeadListQuery, 'cf'>): Promise<LeadFilters['custom']> {
  if (!query.cf || Object.keys(query.cf).length === 0) return undefined;
  const resolved = resolveCustomFilters(query.cf, await leadFieldDefinitions(ctx));
  if ('error' in resolved) throw new DomainError('BAD_REQUEST', resolved.error, [{ path: ['cf'], message: resolved.error }]);
  return resolved.ok;
}

/** The custom field a `cf.<key>` sort names, checked against the lead fields. */
export async function customSortOf(ctx: ServiceContext, sort: LeadSort): Promise<CustomSortField | undefined> {
  const key = customSortKey(sort);
  if (key === undefined) return undefined;
  const resolved = resolveCustomSort(key, await leadFieldDefinitions(ctx));
  if ('error' in resolved) throw new DomainError('BAD_REQUEST', resolved.error, [{ path: ['sort'], message: resolved.error }]);
  return resolved.ok;
}

export async function filtersOf(ctx: ServiceContext, query: LeadListQuery | LeadCountsQuery): Promise<LeadFilters> {
  // Two reads that do not wait for each other.
  const [reader, custom] = await Promise.all([leadReaderOf(ctx), customFiltersOf(ctx, query)]);
  return {
    reader,
    custom,
    view: 'view' in query ? query.view : undefined,
    status: query.status,
    category: query.category,
    groupId: query.groupId,
    q: query.q,
    assignedTo: assigneeFilter(ctx, query.assignedTo),
    notification: query.notificationId === undefined ? undefined : { id: query.notificationId, userId: ctx.viewer.user.id },
    tagId: query.tagId,
  };
}

/** One page in the query's sort (newest first by default); `nextCursor` is opaque to the client and tied to that sort. */
export async function listLeadPage(ctx: ServiceContext, query: LeadListQuery): Promise<LeadPage> {
  requirePermission(ctx, 'lead.read');
  const sort = query.sort ?? DEFAULT_LEAD_SORT;
  const [customSort, filters] = await Promise.all([customSortOf(ctx, sort), filtersOf(ctx, query)]);
  let cursor;
  if (query.cursor) {
    cursor = decodeLeadCursor(query.cursor, sort, customSort);
    if (!cursor) throw new DomainError('BAD_REQUEST', 'Cursor de paginación inválido');
  }
  const page = await listLeads(ctx.db, filters, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor, sort, customSort });
  return { items: page.items, nextCursor: page.nextCursor && encodeLeadCursor(page.nextCursor) };
}

export async function countLeadTabs(ctx: ServiceContext, query: LeadCountsQuery): Promise<LeadCounts> {
  requirePermission(ctx, 'lead.read');
  const filters = await filtersOf(ctx, query);
  const defaultView = filters.groupId === undefined && filters.assignedTo === undefined && filters.notification === undefined;
  const [leads, contacted, groups, anyGroup] = await Promise.all([
    countLeads(ctx.db, { ...filters, view: 'leads' }),
    countLeads(ctx.db, { ...filters, view: 'contacted' }),
    countLeadGroups(ctx.db),
    defaultView ? countLeads(ctx.db, { ...filters, view: 'leads', anyGroup: true }) : undefined,
  ]);
  return { leads, contacted, groups, inGroups: anyGroup === undefined ? 0 : anyGroup - leads };
}

export async function getLeadOrThrow(ctx: ServiceContext, id: number): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.read');
  const lead = await findLeadListItem(ctx.db, id, await leadReaderOf(ctx));
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  return lead;
}

async function assertAssigneeExists(db: DbOrTrx, userId: number | null | undefined): Promise<void> {
  if (userId != null && !(await findUserById(db, userId))) throw new DomainError('BAD_REQUEST', ASSIGNEE_NOT_FOUND);
}

export async function createLead(ctx: ServiceContext, input: CreateLead): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.manage');
  const { country, currency } = (await loadTeamSettings(ctx)).settings;
  const phone = normalizeLeadPhone(country, input.phone) ?? null;
  // 'Asignar automáticamente' leaves the choice to the role's rule: a person sent beside it is ignored.
  const assignedTo = input.autoAssignRoleId ? null : input.assignedTo;
  const notes = new Notifier();
  const contact = { email: input.email, phone };
  const customFields = checkedCustomFields(await leadFieldDefinitions(ctx), 'create', input.customFields);
  const id = await refusingDuplicateRace(country, ctx.db, contact, () =>
    ctx.db.transaction().execute(async (trx) => {
      await assertAssigneeExists(trx, assignedTo);
      await assertNoDuplicateLead(country, trx, contact);
      const leadId = await insertLead(trx, {
        name: input.name,
        email: input.email,
        phone,
        category: input.category,
        description: input.description,
        assigned_to: assignedTo,
        created_by: ctx.viewer.user.id,
        custom_fields: JSON.stringify(customFields),
        ...dealColumns(input, currency),
      });
      await recordLeadHistory(trx, [
        { leadId, type: 'created', actorId: ctx.viewer.user.id },
        ...assignmentEntries(ctx.viewer.user.id, { id: leadId, assigned_to: null }, assignedTo),
      ]);
      if (input.autoAssignRoleId) await autoAssign(trx, input.autoAssignRoleId, leadId, ctx.viewer.user.id);
      await notes.leadsAssigned(trx, ctx.viewer.user.id, [leadId]);
      await recordActivity(trx, {
        type: 'lead_created',
        description: `${actorName(ctx)} creó el lead ${input.name}`,
        userId: ctx.viewer.user.id,
        leadId,
      });
      await emitLeadEvents(ctx, trx, 'lead.created', [leadId]);
      return leadId;
    }),
  );
  return announced(ctx, notes, id, 'created');
}

/** 'Asignar automáticamente': the role's rule picks the assignee; a role that cannot is a 409 and nothing is created. */
async function autoAssign(trx: DbOrTrx, roleId: number, leadId: number, actorId: number): Promise<void> {
  const { refusal } = await distributeLeads(trx, roleId, [leadId], actorId);
  if (refusal) throw new DomainError('CONFLICT', refusal);
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
  const refusal = leadStatusRefusal(actor, { assignedTo: row.assigned_to, contactedBy: row.contacted_by }, status);
  if (refusal) throw new DomainError('FORBIDDEN', refusal);
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
  // The lost reason comes with the move to perdido, which a Vendedor may make on their own lead.
  const { lostReason, ...managedFields } = fields;
  const changesFields =
    Object.values(managedFields).some((value) => value !== undefined) || (lostReason !== undefined && status !== 'perdido');
  if (changesFields) requirePermission(ctx, 'lead.manage');
  const { country, currency } = (await loadTeamSettings(ctx)).settings;
  const notes = new Notifier();
  const contact = { email: fields.email, phone: normalizeLeadPhone(country, fields.phone), exceptId: id };
  const reader = await leadReaderOf(ctx);
  const definitions = fields.customFields === undefined ? [] : await leadFieldDefinitions(ctx);
  const before = await refusingDuplicateRace(country, ctx.db, contact, () =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await findLeadRowForUpdate(trx, id, reader);
      if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
      if (status !== undefined) assertMayMoveStatus(ctx, row, status);
      const cleared = clearedRequiredField(row, fields);
      if (cleared) throw new DomainError('BAD_REQUEST', cleared.message, [{ path: [cleared.field], message: cleared.message }]);
      await assertAssigneeExists(trx, fields.assignedTo);
      const { phone } = contact;
      if (fields.email != null || phone != null) await assertNoDuplicateLead(country, trx, contact);
      const now = new Date();
      const statusChange = status === undefined || status === row.status ? {} : statusColumns(row, status, ctx.viewer.user.id, now);
      const current = row.custom_fields as CustomFieldValues;
      const custom =
        fields.customFields === undefined
          ? { values: current, changes: {} }
          : applyCustomFieldsPatch(current, checkedCustomFields(definitions, 'update', fields.customFields, current));
      const customChanged = Object.keys(custom.changes).length > 0;
      const deal = dealColumns(fields, currency, row);
      // Only a new assignee can take the lead out of someone's sight: who sees it before the change.
      const sight = fields.assignedTo === undefined ? undefined : await leadSight(trx, [id]);
      await updateLeadRow(trx, row, {
        custom_fields: customChanged ? JSON.stringify(custom.values) : undefined,
        name: fields.name,
        email: fields.email,
        phone,
        category: fields.category,
        description: fields.description,
        assigned_to: fields.assignedTo,
        address: fields.address,
        domain: fields.domain,
        ...deal,
        ...statusChange,
      });
      await recordLeadHistory(
        trx,
        leadUpdateEntries(ctx.viewer.user.id, row, { ...input, phone, currency: deal.currency }, custom.changes),
      );
      await recordStatusActivity(ctx, trx, row, fields.name ?? row.name, status);
      if (fields.assignedTo != null && fields.assignedTo !== row.assigned_to) await notes.leadsAssigned(trx, ctx.viewer.user.id, [id]);
      for (const type of leadEventsOf(row, { ...fields, phone }, status, customChanged)) await emitLeadEvents(ctx, trx, type, [id]);
      return { row, sight };
    }),
  );
  const assigned = fields.assignedTo !== undefined && fields.assignedTo !== before.row.assigned_to;
  return announced(ctx, notes, id, assigned ? 'assigned' : 'updated', before.sight);
}

/**
 * The deal's columns a create or an edit writes (docs/leads.md, 'Valor del trato'). An amount always
 * has a currency: the one sent, else the lead's, else the team's; clearing the amount clears it.
 */
function dealColumns(
  fields: Partial<Pick<UpdateLead, 'amount' | 'currency' | 'expectedCloseDate' | 'lostReason'>>,
  teamCurrency: string,
  current?: Pick<LeadRow, 'amount' | 'currency'>,
): { amount?: string | null; currency?: string | null; expected_close_date?: string | null; lost_reason?: string | null } {
  const columns: ReturnType<typeof dealColumns> = {
    expected_close_date: fields.expectedCloseDate,
    lost_reason: fields.lostReason,
  };
  if (fields.amount === null) return { ...columns, amount: null, currency: null };
  if (fields.amount !== undefined)
    return { ...columns, amount: fields.amount, currency: fields.currency ?? current?.currency ?? teamCurrency };
  // A currency alone re-labels an existing amount; without an amount it has nothing to say.
  if (fields.currency != null && current?.amount != null) return { ...columns, currency: fields.currency };
  return columns;
}

/** The lead's columns an edit may change besides its status and assignee (those have events of their own). */
const EDITED_COLUMNS = ['name', 'email', 'phone', 'category', 'description', 'address', 'domain'] as const;
const DEAL_FIELDS = { amount: 'amount', expectedCloseDate: 'expected_close_date', lostReason: 'lost_reason' } as const;

/**
 * The webhook events an edit makes, in this order: 'lead.updated' when a field changed,
 * 'lead.assigned' when the assignee did, 'lead.status_changed' when the status did.
 */
function leadEventsOf(
  row: LeadRow,
  fields: Omit<UpdateLead, 'status'> & { phone: string | null | undefined },
  status: LeadStatus | undefined,
  customChanged: boolean,
): WebhookEventType[] {
  const events: WebhookEventType[] = [];
  const dealChanged = Object.entries(DEAL_FIELDS).some(
    ([field, column]) =>
      fields[field as keyof typeof DEAL_FIELDS] !== undefined && fields[field as keyof typeof DEAL_FIELDS] !== row[column],
  );
  if (customChanged || dealChanged || EDITED_COLUMNS.some((column) => fields[column] !== undefined && fields[column] !== row[column]))
    events.push('lead.updated');
  if (fields.assignedTo !== undefined && fields.assignedTo !== row.assigned_to) events.push('lead.assigned');
  if (status !== undefined && status !== row.status) events.push('lead.status_changed');
  return events;
}

/**
 * After a write's commit: the lead's list item, which the caller gets and the live event carries
 * (one read for both), then the notifications the write made.
 */
async function announced(
  ctx: ServiceContext,
  notes: Notifier,
  id: number,
  change: 'created' | 'updated' | 'assigned',
  before?: LeadSight,
): Promise<LeadListItem> {
  // The caller's own write is answered even when it moved the lead out of what they see (assigned it away).
  const lead = await findLeadListItem(ctx.db, id, EVERY_LEAD);
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  await announceLeadChanged(ctx, lead, change, before);
  await notes.publish(ctx);
  return lead;
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
  const notes = new Notifier();
  const reader = await leadReaderOf(ctx);
  const before = await ctx.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForUpdate(trx, id, reader);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    await assertAssigneeExists(trx, input.assignedTo);
    const sight = await leadSight(trx, [id]);
    await updateLeadRow(trx, row, { assigned_to: input.assignedTo });
    await recordLeadHistory(trx, assignmentEntries(ctx.viewer.user.id, row, input.assignedTo));
    if (input.assignedTo !== null && input.assignedTo !== row.assigned_to) await notes.leadsAssigned(trx, ctx.viewer.user.id, [id]);
    if (input.assignedTo !== row.assigned_to) await emitLeadEvents(ctx, trx, 'lead.assigned', [id]);
    return sight;
  });
  return announced(ctx, notes, id, 'assigned', before);
}

/** 'Eliminar lead' (admin, manager): its notes, follow-ups and history go with it; the activity feed keeps a line. */
export async function deleteLead(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'lead.delete');
  const reader = await leadReaderOf(ctx);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForUpdate(trx, id, reader);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    const sight = await leadSight(trx, [id]);
    // Before the delete: the event carries the lead as it was.
    await emitLeadEvents(ctx, trx, 'lead.deleted', [id]);
    await deleteLeadRow(trx, id);
    await recordActivity(trx, {
      type: 'lead_deleted',
      description: `${actorName(ctx)} eliminó el lead ${row.name}`,
      userId: ctx.viewer.user.id,
    });
    return { status: row.status, sight };
  });
  await announceLeadDeleted(ctx, id, deleted.status, deleted.sight);
  return { id };
}
