/**
 * A lead's history (docs/leads.md, 'Historial'): what each kind of change records, built here and
 * written by the one writer (recordLeadHistory) in the change's transaction; and the timeline read.
 */
import { type LeadRow, type NewLeadHistoryEntry, findLeadRow, findPeopleNames, listLeadHistory } from '@crm/db';
import {
  DomainError,
  LEAD_HISTORY_PAGE,
  type LeadHistoryEntry,
  type LeadHistoryPage,
  type LeadHistoryQuery,
  type LeadStatus,
  type UpdateLead,
  CUSTOM_FIELD_CHANGE_PREFIX,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { leadReaderOf } from '../leads/lead-reader.js';

/** The edit dialog's fields and their columns; assignment and status have entries of their own. */
const EDITED_FIELDS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  category: 'category',
  description: 'description',
  address: 'address',
  domain: 'domain',
  amount: 'amount',
  currency: 'currency',
  expectedCloseDate: 'expected_close_date',
  lostReason: 'lost_reason',
} as const satisfies Partial<Record<keyof UpdateLead, keyof LeadRow>>;

/** The entries an update of `row` records: 'edited' (fields old → new), 'assigned', and 'contacted' or 'status_changed'. */
export function leadUpdateEntries(
  actorId: number | null,
  row: LeadRow,
  input: Partial<UpdateLead>,
  customChanges: Record<string, { from: unknown; to: unknown }> = {},
): NewLeadHistoryEntry[] {
  const entries: NewLeadHistoryEntry[] = [];
  const edited: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, column] of Object.entries(EDITED_FIELDS)) {
    const to = input[field as keyof typeof EDITED_FIELDS];
    if (to !== undefined && to !== row[column]) edited[field] = { from: row[column], to };
  }
  // A custom field's change is named `customFields.<key>`; the timeline labels it from the definitions.
  for (const [key, change] of Object.entries(customChanges)) edited[`${CUSTOM_FIELD_CHANGE_PREFIX}${key}`] = change;
  if (Object.keys(edited).length > 0) entries.push({ leadId: row.id, type: 'edited', actorId, changes: edited });
  entries.push(...assignmentEntries(actorId, row, input.assignedTo));
  entries.push(...statusEntries(actorId, row, input.status));
  return entries;
}

export function assignmentEntries(actorId: number | null, row: Pick<LeadRow, 'id' | 'assigned_to'>, to: number | null | undefined) {
  if (to === undefined || to === row.assigned_to) return [];
  return [{ leadId: row.id, type: 'assigned' as const, actorId, changes: { assignedTo: { from: row.assigned_to, to } } }];
}

function statusEntries(actorId: number | null, row: Pick<LeadRow, 'id' | 'status'>, to: LeadStatus | undefined): NewLeadHistoryEntry[] {
  if (to === undefined || to === row.status) return [];
  // Reaching contactado is marking the lead contacted: one 'contacted' entry says both.
  const type = to === 'contactado' ? 'contacted' : 'status_changed';
  return [{ leadId: row.id, type, actorId, changes: { status: { from: row.status, to } } }];
}

/** A change of a lead's tags: one 'edited' entry with the names before and after (sorted), none when equal. */
export function tagEntries(actorId: number, leadId: number, from: readonly string[], to: readonly string[]): NewLeadHistoryEntry[] {
  if (from.length === to.length && from.every((name, index) => name === to[index])) return [];
  return [{ leadId, type: 'edited', actorId, changes: { tags: { from, to } } }];
}

/** A bulk action's entries for the leads it changed: the same kinds a single edit records. */
export function bulkChangeEntries(
  actorId: number,
  leads: readonly Pick<LeadRow, 'id' | 'status' | 'assigned_to' | 'group_id'>[],
  change: { assignedTo?: number | null; status?: LeadStatus; groupId?: number | null },
): NewLeadHistoryEntry[] {
  return leads.flatMap((lead) => [
    ...assignmentEntries(actorId, lead, change.assignedTo),
    ...statusEntries(actorId, lead, change.status),
    ...(change.groupId === undefined || change.groupId === lead.group_id
      ? []
      : [{ leadId: lead.id, type: 'edited' as const, actorId, changes: { groupId: { from: lead.group_id, to: change.groupId } } }]),
  ]);
}

/** 'assigned' and 'merged' entries store ids; the timeline names the people (deactivated ones too). */
async function withAssigneeNames(ctx: ServiceContext, items: LeadHistoryEntry[]): Promise<LeadHistoryEntry[]> {
  const assignment = (entry: LeadHistoryEntry) =>
    entry.type === 'assigned' || entry.type === 'merged'
      ? (entry.changes['assignedTo'] as { from: number | null; to: number | null } | undefined)
      : undefined;
  const ids = items.flatMap((entry) => {
    const change = assignment(entry);
    return change ? [change.from, change.to].filter((id): id is number => typeof id === 'number') : [];
  });
  const names = await findPeopleNames(ctx.db, ids);
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  return items.map((entry) => {
    const change = assignment(entry);
    return change ? { ...entry, changes: { ...entry.changes, assignedTo: { from: person(change.from), to: person(change.to) } } } : entry;
  });
}

/** Newest first, one page; `nextCursor` is passed back as `cursor`. */
export async function getLeadHistory(ctx: ServiceContext, query: LeadHistoryQuery): Promise<LeadHistoryPage> {
  requirePermission(ctx, 'lead.read');
  if (!(await findLeadRow(ctx.db, query.leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  const page = await listLeadHistory(ctx.db, query.leadId, { before: query.cursor, limit: query.limit ?? LEAD_HISTORY_PAGE.default });
  return { items: await withAssigneeNames(ctx, page.items), nextCursor: page.nextCursor };
}

/** REST's whole timeline, newest first, capped: a lead with more shows its latest entries (tRPC pages the rest). */
const REST_HISTORY_CAP = 5000;

export async function getWholeLeadHistory(ctx: ServiceContext, leadId: number): Promise<LeadHistoryEntry[]> {
  const items: LeadHistoryEntry[] = [];
  let cursor: number | undefined;
  do {
    const page = await getLeadHistory(ctx, { leadId, cursor, limit: LEAD_HISTORY_PAGE.max });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && items.length < REST_HISTORY_CAP);
  return items;
}
