/**
 * The `leadChanged` / `leadsChanged` live events, after the change committed, on every replica, to
 * those who may read leads (the permission the lead list asks for): a changed lead travels as its
 * list item, so open lists, boards and lead pages patch themselves instead of refetching.
 */
import { listActiveUserRoles } from '@crm/db';
import { can, type LeadChange, type LeadListItem, type LeadStatus } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Audience } from '../../events/event-bus.js';
import type { LiveEvent } from '../../live/live-events.js';
import { publishLive } from '../../live/publish.js';

/** Who may read leads now (read at publish time, so a role changed meanwhile counts). */
export async function leadReaders(ctx: AppContext): Promise<Audience> {
  const users = await listActiveUserRoles(ctx.db);
  return { userIds: users.filter((user) => can(user, 'lead.read')).map((user) => user.id) };
}

/** Like publishLive, a failure is logged: the change has committed either way. */
async function publishToLeadReaders(ctx: AppContext, event: LiveEvent): Promise<void> {
  let readers: Audience;
  try {
    readers = await leadReaders(ctx);
  } catch (error) {
    ctx.log.error({ err: error, event: event.type }, 'live event not published');
    return;
  }
  await publishLive(ctx, event, readers);
}

/** A lead created or changed: its list item as the lists return it, read after the commit. */
export function announceLeadChanged(ctx: AppContext, lead: LeadListItem, change: Exclude<LeadChange, 'deleted'>): Promise<void> {
  return publishToLeadReaders(ctx, { type: 'leadChanged', leadId: lead.id, change, status: lead.status, lead });
}

export function announceLeadDeleted(ctx: AppContext, leadId: number, status: LeadStatus): Promise<void> {
  return publishToLeadReaders(ctx, { type: 'leadChanged', leadId, change: 'deleted', status });
}

/** One event per bulk batch rather than one per lead: a 100,000-lead action stays a few hundred events. */
export async function announceLeadsChanged(ctx: AppContext, leadIds: number[], change: LeadChange): Promise<void> {
  if (leadIds.length > 0) await publishToLeadReaders(ctx, { type: 'leadsChanged', leadIds, change });
}
