/** Leads: filtered keyset pages, tab counts, writes and de-duplication lookups; rows → domain DTOs. */
import {
  AWAITING_CONTACT_STATUSES,
  DEFAULT_LEAD_SORT,
  OPEN_STATUSES,
  CONTACTED_STATUSES,
  type Lead,
  type LeadCategory,
  type LeadListItem,
  type LeadPerson,
  type LeadSort,
  type LeadStatus,
  type LeadView,
  type PrimaryContact,
  type ProgressLevel,
  type CustomFieldValues,
  type ResolvedCustomFilter,
  type Tag,
  contactWhatsapp,
  type SearchTerms,
  leadSearchText,
  searchTermsOf,
} from '@crm/domain';
import { type ExpressionBuilder, type Insertable, type RawBuilder, type Selectable, type SqlBool, type Updateable, sql } from 'kysely';
import type { Database } from '../database.js';
import type { LeadsTable } from '../tables/leads.table.js';
import type { DbOrTrx } from '../types.js';
import {
  type CustomSortField,
  type LeadCursor,
  afterInMissingSegment,
  afterInValueSegment,
  planLeadSort,
  sortValueText,
} from './lead-sort.js';
import { customFilterCondition } from './custom-field-sql.js';
import { anyInt } from './int-array.js';
import { type LeadReader, visibleLeads, visibleLeadsCondition } from './lead-visibility.repository.js';
import { contactMatches, likePattern } from './text-match.js';

export { type CustomSortField, type LeadCursor, decodeLeadCursor, encodeLeadCursor } from './lead-sort.js';

export interface LeadFilters {
  /** Whose leads these are to read (lead-visibility.repository.ts): every list, count, search and export says it. */
  reader: LeadReader;
  view?: LeadView;
  status?: LeadStatus;
  category?: LeadCategory;
  groupId?: number;
  q?: string;
  /** One person's leads, or (null) the unassigned ones. */
  assignedTo?: number | null;
  /** The leads a notification stands for ('Te asignaron 10 leads'), if it is `userId`'s (the service passes the reader). */
  notification?: { id: number; userId: number };
  /** The Leads Activos view over every group even without a group or assignee chosen (the empty state's count). */
  anyGroup?: boolean;
  /** Custom field filters, checked against the definitions by the service (resolveCustomFilters). */
  custom?: readonly ResolvedCustomFilter[];
  /** Leads carrying this tag. */
  tagId?: number;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Omit<Insertable<LeadsTable>, 'search_text'>;

// Written literally (the constants are ours), so the planner can match the partial indexes of migration 0820.
const statusList = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status}'`).join(', '));
const IS_CONTACTED = sql<SqlBool>`(leads.contacted_at is not null or leads.status in (${statusList(CONTACTED_STATUSES)}))`;
/** The domain's canBeMarkedContacted in SQL: the Leads Activos tab lists exactly the leads the card offers to mark. */
const MAY_BE_MARKED_CONTACTED = sql<SqlBool>`(leads.contacted_at is null and leads.status in (${statusList(AWAITING_CONTACT_STATUSES)}))`;

/**
 * Leads every list, count and search shows: not in a group being deleted (gone for the user at
 * once, by its flag, while the group's purge job removes its leads).
 */
export const IN_VISIBLE_GROUP = sql<SqlBool>`(leads.group_id is null
  or leads.group_id not in (select id from lead_groups where deleted_at is not null))`;

export function toLeadDto(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // Stored values come from our own schemas; an unknown one is shown with the spec's fallbacks by the UI.
    category: row.category as LeadCategory,
    description: row.description,
    status: row.status,
    assignedTo: row.assigned_to,
    groupId: row.group_id,
    contactedBy: row.contacted_by,
    contactedAt: row.contacted_at,
    address: row.address,
    domain: row.domain,
    amount: row.amount,
    currency: row.currency,
    expectedCloseDate: row.expected_close_date,
    lostReason: row.lost_reason,
    createdAt: row.created_at,
    // Written only through the definitions' schema (custom-fields/values-schema.ts).
    customFields: row.custom_fields as CustomFieldValues,
  };
}

/**
 * The search box: the lead's name or email (lead_search), or one of its contacts' name, email or
 * phone digits, as Ctrl+K finds them. Each side reads its trigram indexes once (the planner hashes
 * both subqueries' lead ids), so a page walks its sort's index as without a search.
 */
function searchCondition(eb: ExpressionBuilder<Database, 'leads'>, terms: SearchTerms) {
  return eb.or([
    eb(
      'leads.id',
      'in',
      eb.selectFrom('lead_search').select('lead_search.lead_id').where('lead_search.search_text', 'like', likePattern(terms.text)),
    ),
    eb.exists(eb.selectFrom('contacts').select('contacts.id').whereRef('contacts.lead_id', '=', 'leads.id').where(contactMatches(terms))),
  ]);
}

export function filterExpression(eb: ExpressionBuilder<Database, 'leads'>, filters: LeadFilters) {
  const conditions = [];
  const visible = visibleLeadsCondition(filters.reader);
  if (visible) conditions.push(visible);
  if (filters.view === 'leads') {
    if (!filters.status) conditions.push(MAY_BE_MARKED_CONTACTED);
    if (onlyUngrouped(filters)) conditions.push(eb('leads.group_id', 'is', null));
  }
  // Ungrouped leads (the Leads Activos tab) are always visible: their partial index stays usable.
  if (!onlyUngrouped(filters)) conditions.push(IN_VISIBLE_GROUP);
  if (filters.view === 'contacted') conditions.push(IS_CONTACTED);
  if (filters.status) conditions.push(eb('leads.status', '=', filters.status));
  if (filters.category) conditions.push(eb('leads.category', '=', filters.category));
  if (filters.groupId !== undefined) conditions.push(eb('leads.group_id', '=', filters.groupId));
  if (filters.assignedTo !== undefined)
    conditions.push(eb('leads.assigned_to', filters.assignedTo === null ? 'is' : '=', filters.assignedTo));
  if (filters.notification)
    conditions.push(
      eb(
        'leads.id',
        'in',
        eb
          .selectFrom('notification_leads')
          .innerJoin('notifications', 'notifications.id', 'notification_leads.notification_id')
          .select('notification_leads.lead_id')
          .where('notification_leads.notification_id', '=', filters.notification.id)
          .where('notifications.user_id', '=', filters.notification.userId),
      ),
    );
  for (const filter of filters.custom ?? []) conditions.push(customFilterCondition(filter));
  if (filters.tagId !== undefined)
    conditions.push(
      eb('leads.id', 'in', eb.selectFrom('lead_tags').select('lead_tags.lead_id').where('lead_tags.tag_id', '=', filters.tagId)),
    );
  const terms = searchTermsOf(filters.q ?? '');
  if (terms.text) conditions.push(searchCondition(eb, terms));
  return eb.and(conditions);
}

/** The lead's tags by name, as JSON the driver parses: one index read per row (lead_tags' key). */
const leadTagsJson = sql<Tag[]>`coalesce((
  select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color) order by tags.name_key)
  from lead_tags join tags on tags.id = lead_tags.tag_id
  where lead_tags.lead_id = leads.id), '[]'::json)`;

function selectListItems(db: DbOrTrx) {
  return (
    db
      .selectFrom('leads')
      .leftJoin('users as assignee', 'assignee.id', 'leads.assigned_to')
      .leftJoin('users as contacter', 'contacter.id', 'leads.contacted_by')
      .leftJoin('conversation_tracking as tracking', 'tracking.lead_id', 'leads.id')
      // At most one row per lead: the partial unique index contacts_one_primary_idx serves the join.
      .leftJoin('contacts as primary_contact', (join) =>
        join.onRef('primary_contact.lead_id', '=', 'leads.id').on('primary_contact.is_primary', '=', true),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('follow_ups')
            .select(['follow_ups.id', 'follow_ups.due_at'])
            .whereRef('follow_ups.lead_id', '=', 'leads.id')
            .where('follow_ups.done_at', 'is', null)
            .orderBy('follow_ups.due_at')
            .orderBy('follow_ups.id')
            .limit(1)
            .as('next_follow_up'),
        (join) => join.onTrue(),
      )
      .selectAll('leads')
      .select([
        'assignee.first_name as assignee_first_name',
        'assignee.last_name as assignee_last_name',
        'contacter.first_name as contacter_first_name',
        'contacter.last_name as contacter_last_name',
        'tracking.id as tracking_id',
        'tracking.progress_level as tracking_progress_level',
        'tracking.messages_from_lead as tracking_messages_from_lead',
        'tracking.messages_to_lead as tracking_messages_to_lead',
        'tracking.calls as tracking_calls',
        'tracking.has_responded as tracking_has_responded',
        'tracking.last_contact_date as tracking_last_contact_date',
        'tracking.notes as tracking_notes',
        'next_follow_up.id as next_follow_up_id',
        'next_follow_up.due_at as next_follow_up_due_at',
        'primary_contact.id as primary_contact_id',
        'primary_contact.name as primary_contact_name',
        'primary_contact.cargo as primary_contact_cargo',
        'primary_contact.email as primary_contact_email',
        'primary_contact.phone as primary_contact_phone',
        'primary_contact.phone_has_whatsapp as primary_contact_phone_has_whatsapp',
        'primary_contact.whatsapp_phone as primary_contact_whatsapp_phone',
        leadTagsJson.as('tags'),
      ])
  );
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectListItems>['executeTakeFirstOrThrow']>>;

function person(id: number | null, firstName: string | null | undefined, lastName: string | null | undefined): LeadPerson | null {
  // A left join with no match gives null names; a deleted user has already nulled the id (on delete set null).
  return id === null || firstName === undefined ? null : { id, firstName, lastName: lastName ?? null };
}

function toListItem(row: ListRow): LeadListItem {
  return {
    ...toLeadDto(row),
    assignee: row.assigned_to === null ? null : person(row.assigned_to, row.assignee_first_name, row.assignee_last_name),
    contactedByUser: row.contacted_by === null ? null : person(row.contacted_by, row.contacter_first_name, row.contacter_last_name),
    tracking:
      row.tracking_id === null
        ? null
        : {
            id: row.tracking_id,
            leadId: row.id,
            progressLevel: row.tracking_progress_level as ProgressLevel,
            messagesFromLead: row.tracking_messages_from_lead ?? 0,
            messagesToLead: row.tracking_messages_to_lead ?? 0,
            calls: row.tracking_calls ?? 0,
            hasResponded: row.tracking_has_responded ?? false,
            lastContactDate: row.tracking_last_contact_date ?? '',
            notes: row.tracking_notes,
          },
    nextFollowUp:
      row.next_follow_up_id === null || row.next_follow_up_due_at === null
        ? null
        : { id: row.next_follow_up_id, dueAt: row.next_follow_up_due_at },
    tags: row.tags,
    primaryContact: primaryContactOf(row),
  };
}

function primaryContactOf(row: ListRow): PrimaryContact | null {
  if (row.primary_contact_id === null || row.primary_contact_name === null) return null;
  const phone = row.primary_contact_phone;
  return {
    id: row.primary_contact_id,
    name: row.primary_contact_name,
    cargo: row.primary_contact_cargo,
    email: row.primary_contact_email,
    phone,
    whatsapp: contactWhatsapp({
      phone,
      phoneHasWhatsapp: row.primary_contact_phone_has_whatsapp ?? false,
      whatsappPhone: row.primary_contact_whatsapp_phone,
    }),
  };
}

/**
 * The spec's default view (Leads Activos with no group chosen) lists ungrouped leads only. Every
 * view we added crosses groups (CONTRACT §8): an assignee filter ('Mis leads') or a notification's leads.
 */
function onlyUngrouped(filters: LeadFilters): boolean {
  if (filters.view !== 'leads' || filters.anyGroup) return false;
  return filters.groupId === undefined && filters.assignedTo === undefined && filters.notification === undefined;
}

/** A page of a list in `sort` (default createdAt:desc): `limit` rows after `cursor`, or every row when limit is undefined. */
export async function listLeads(
  db: DbOrTrx,
  filters: LeadFilters,
  page: { limit?: number; cursor?: LeadCursor; sort?: LeadSort; customSort?: CustomSortField } = {},
): Promise<{ items: LeadListItem[]; nextCursor: LeadCursor | null }> {
  const plan = planLeadSort(page.cursor?.sort ?? page.sort ?? DEFAULT_LEAD_SORT, page.customSort);
  const { cursor, limit } = page;
  const direction = plan.direction;
  /** The segment's rows after `condition`. */
  const segment = async (kind: LeadCursor['segment'], condition: RawBuilder<SqlBool>, rowLimit: number | undefined) => {
    let query = selectListItems(db)
      .select(sortValueText(plan).as('sort_value'))
      .where((eb) => filterExpression(eb, filters))
      .where(condition);
    if (kind === 'value') query = query.orderBy(plan.key.value, direction);
    query = query.orderBy('leads.id', direction);
    // One extra row tells whether another page exists without a count.
    return (rowLimit === undefined ? query : query.limit(rowLimit + 1)).execute();
  };
  const rows = cursor?.segment === 'missing' ? [] : await segment('value', afterInValueSegment(plan, cursor), limit);
  const room = limit === undefined ? undefined : limit - rows.length;
  const missingRows =
    plan.key.missing && (room === undefined || room >= 0) ? await segment('missing', afterInMissingSegment(plan, cursor), room) : [];
  const all = [...rows.map((row) => ({ row, missing: false })), ...missingRows.map((row) => ({ row, missing: true }))];
  const hasMore = limit !== undefined && all.length > limit;
  const pageRows = hasMore ? all.slice(0, limit) : all;
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(({ row }) => toListItem(row)),
    nextCursor:
      hasMore && last
        ? {
            sort: plan.sort,
            segment: last.missing ? 'missing' : 'value',
            value: last.missing ? null : last.row.sort_value,
            id: last.row.id,
          }
        : null,
  };
}

export async function countLeads(db: DbOrTrx, filters: LeadFilters): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterExpression(eb, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** By id, if `reader` may see it (a lead one may not see is not found: a 404 on every door). */
export async function findLeadListItem(db: DbOrTrx, id: number, reader: LeadReader): Promise<LeadListItem | undefined> {
  const row = await selectListItems(db).where('leads.id', '=', id).where(visibleLeads(reader)).executeTakeFirst();
  return row && toListItem(row);
}

/** Several leads' list items (a bulk batch's), in no particular order. */
export async function findLeadListItems(db: DbOrTrx, ids: readonly number[], reader: LeadReader): Promise<LeadListItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectListItems(db).where('leads.id', '=', anyInt(ids)).where(visibleLeads(reader)).execute();
  return rows.map(toListItem);
}

/** The bare row, locked for the rest of the transaction so concurrent edits apply one after the other. */
export async function findLeadRowForUpdate(db: DbOrTrx, id: number, reader: LeadReader): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).where(visibleLeads(reader)).forUpdate().executeTakeFirst();
}

export async function findLeadRow(db: DbOrTrx, id: number, reader: LeadReader): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).where(visibleLeads(reader)).executeTakeFirst();
}

export function withSearchText<T extends { name: string; email?: string | null }>(values: T): T & { search_text: string } {
  return { ...values, search_text: leadSearchText(values.name, values.email) };
}

export async function insertLead(db: DbOrTrx, values: NewLeadRow): Promise<number> {
  const { id } = await db.insertInto('leads').values(withSearchText(values)).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Applies `changes`, keeping search_text in step with name and email. */
export async function updateLeadRow(
  db: DbOrTrx,
  current: LeadRow,
  changes: Omit<Updateable<LeadsTable>, 'search_text' | 'email_key' | 'phone_key'>,
): Promise<void> {
  const name = changes.name ?? current.name;
  const email = changes.email === undefined ? current.email : changes.email;
  await db
    .updateTable('leads')
    .set({ ...changes, search_text: leadSearchText(name, email), updated_at: new Date() })
    .where('id', '=', current.id)
    .execute();
}

/** How many open leads (not convertido or perdido) are assigned to a user. */
export async function countOpenLeadsAssignedTo(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('assigned_to', '=', userId)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The ids of a user's open leads, locked until the transaction ends: what reassignOpenLeads hands on. */
export async function lockOpenLeadIdsAssignedTo(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('assigned_to', '=', userId)
    .where('status', 'in', [...OPEN_STATUSES])
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Hands a user's open leads to another user, or to nobody; closed ones keep their assignee (and their credit). Answers their ids. */
export async function reassignOpenLeads(db: DbOrTrx, fromUserId: number, toUserId: number | null): Promise<number[]> {
  const rows = await db
    .updateTable('leads')
    .set({ assigned_to: toUserId, updated_at: new Date() })
    .where('assigned_to', '=', fromUserId)
    .where('status', 'in', [...OPEN_STATUSES])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a lead; its history, notes and follow-ups go with it (on delete cascade). */
export async function deleteLeadRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('leads').where('id', '=', id).execute();
}
