/**
 * Whether a lead belongs in a lead list, decided from the list's filters and the lead alone: the
 * same rules the list query applies in SQL (packages/db leads.repository.ts), so a client can patch
 * an open list with a changed lead instead of refetching it. A text search or a notification's
 * leads cannot be decided here ('unknown': refetch that list).
 */
import type { LeadListItem, LeadListQuery } from '../schemas/lead.js';
import { canBeMarkedContacted, isContactedStatus } from './statuses.js';

export type LeadListMatch = 'yes' | 'no' | 'unknown';

export type LeadListFilterInput = Pick<
  LeadListQuery,
  'view' | 'status' | 'category' | 'groupId' | 'assignedTo' | 'q' | 'notificationId' | 'cf'
>;

type MatchedLead = Pick<LeadListItem, 'status' | 'contactedAt' | 'category' | 'groupId' | 'assignedTo'>;

/** `viewerId` is who reads the list ('Mis leads' is assignedTo 'me'). */
export function leadListMatch(lead: MatchedLead, filters: LeadListFilterInput, viewerId: number): LeadListMatch {
  if (clearlyOutside(lead, filters, viewerId)) return 'no';
  // Custom field filters are the server's to apply (their definitions decide what a value means).
  const customFiltered = filters.cf !== undefined && Object.keys(filters.cf).length > 0;
  return filters.q || filters.notificationId !== undefined || customFiltered ? 'unknown' : 'yes';
}

function clearlyOutside(lead: MatchedLead, filters: LeadListFilterInput, viewerId: number): boolean {
  if (filters.view === 'leads') {
    // Leads Activos: a status filter replaces 'may still be marked contacted'; the spec's default view is ungrouped leads only.
    if (!filters.status && !canBeMarkedContacted(lead)) return true;
    const defaultView = filters.groupId === undefined && filters.assignedTo === undefined && filters.notificationId === undefined;
    if (defaultView && lead.groupId !== null) return true;
  }
  if (filters.view === 'contacted' && lead.contactedAt === null && !isContactedStatus(lead.status)) return true;
  if (filters.status !== undefined && lead.status !== filters.status) return true;
  if (filters.category !== undefined && lead.category !== filters.category) return true;
  if (filters.groupId !== undefined && lead.groupId !== filters.groupId) return true;
  return filters.assignedTo !== undefined && lead.assignedTo !== assigneeOf(filters.assignedTo, viewerId);
}

function assigneeOf(filter: NonNullable<LeadListFilterInput['assignedTo']>, viewerId: number): number | null {
  if (filter === 'me') return viewerId;
  return filter === 'none' ? null : filter;
}
