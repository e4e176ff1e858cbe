/**
 * The `leadChanged` / `leadsChanged` live events, after the change committed, on every replica, to
 * those who may read leads and see that lead (docs/roles-and-permissions.md, 'Visibilidad de
 * leads'): a changed lead travels as its list item, so open lists, boards and lead pages patch themselves instead of refetching.
 */
import { listLeadReaders, visibleLeadIds } from '@crm/db';
import { can, type LeadChange, type LeadListItem, type LeadStatus } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Audience } from '../../events/event-bus.js';
import type { LiveEvent } from '../../live/live-events.js';
import { publishLiveEach } from '../../live/publish.js';

/**
 * Who may read which of `leadIds` now (read at publish time, so a role changed meanwhile counts):
 * those who see every lead, all of them; each restricted reader, the ones their visibility shows.
 */
export async function leadAudiences(ctx: AppContext, leadIds: readonly number[]): Promise<{ to: Audience; leadIds: number[] }[]> {
  const readers = (await listLeadReaders(ctx.db)).filter((user) => can({ id: user.userId, systemRole: user.systemRole }, 'lead.read'));
  const everything = readers.filter((user) => user.reader.visibility === 'all').map((user) => user.userId);
  const restricted = await Promise.all(
    readers
      .filter((user) => user.reader.visibility !== 'all')
      .map(async (user) => ({ to: { userIds: [user.userId] }, leadIds: await visibleLeadIds(ctx.db, leadIds, user.reader) })),
  );
  return [{ to: { userIds: everything }, leadIds: [...leadIds] }, ...restricted.filter((audience) => audience.leadIds.length > 0)];
}

/** Like publishLiveEach, a failure is logged: the change has committed either way. */
async function publishToLeadReaders(ctx: AppContext, leadIds: readonly number[], eventFor: (ids: number[]) => LiveEvent): Promise<void> {
  let audiences: { to: Audience; leadIds: number[] }[];
  try {
    audiences = await leadAudiences(ctx, leadIds);
  } catch (error) {
    ctx.log.error({ err: error, event: eventFor([...leadIds]).type }, 'live event not published');
    return;
  }
  await publishLiveEach(
    ctx,
    audiences.map((audience) => ({ event: eventFor(audience.leadIds), to: audience.to })),
  );
}

/** A lead created or changed: its list item as the lists return it, read after the commit. */
export function announceLeadChanged(ctx: AppContext, lead: LeadListItem, change: Exclude<LeadChange, 'deleted'>): Promise<void> {
  return publishToLeadReaders(ctx, [lead.id], () => ({ type: 'leadChanged', leadId: lead.id, change, status: lead.status, lead }));
}

export function announceLeadDeleted(ctx: AppContext, leadId: number, status: LeadStatus): Promise<void> {
  // A deleted lead can no longer be matched against anyone's visibility: only those who see every lead hear of it by id.
  return publishToLeadReaders(ctx, [], () => ({ type: 'leadChanged', leadId, change: 'deleted', status }));
}

/** One event per bulk batch rather than one per lead: a 100,000-lead action stays a few hundred events. */
export async function announceLeadsChanged(ctx: AppContext, leadIds: number[], change: LeadChange): Promise<void> {
  if (leadIds.length > 0) await publishToLeadReaders(ctx, leadIds, (ids) => ({ type: 'leadsChanged', leadIds: ids, change }));
}
