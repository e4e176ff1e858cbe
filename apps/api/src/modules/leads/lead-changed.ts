/**
 * The `leadChanged` / `leadsChanged` live events, after the change committed, on every replica, to
 * those who may read leads and see that lead (docs/roles-and-permissions.md, 'Visibilidad de
 * leads'): a changed lead travels as its list item, so open lists, boards and lead pages patch
 * themselves instead of refetching. A write that may take leads out of someone's sight (an
 * assignment, a deletion, a merge) passes the sight it read before the change: whoever saw a lead
 * then and does not now gets `leadsHidden` with its id alone, never its data.
 */
import type { LeadChange, LeadListItem, LeadStatus } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Audience } from '../../events/event-bus.js';
import type { LiveEvent } from '../../live/live-events.js';
import { publishLiveEach } from '../../live/publish.js';
import { type LeadSight, leadSight, seenBy } from './lead-sight.js';

/** Users grouped by the same list of lead ids: one delivery each, however many users share it. */
function byLeadIds(entries: Iterable<[userId: number, leadIds: readonly number[]]>): { to: Audience; leadIds: number[] }[] {
  const groups = new Map<string, { to: { userIds: number[] }; leadIds: number[] }>();
  for (const [userId, leadIds] of entries) {
    if (leadIds.length === 0) continue;
    const key = leadIds.join(',');
    const group = groups.get(key) ?? { to: { userIds: [] }, leadIds: [...leadIds] };
    group.to.userIds.push(userId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Who may read which of `leadIds` now (read at publish time, so a role changed meanwhile counts):
 * those who see every lead, all of them; each restricted reader, the ones their visibility shows.
 */
export async function leadAudiences(ctx: AppContext, leadIds: readonly number[]): Promise<{ to: Audience; leadIds: number[] }[]> {
  return audiencesOf(await leadSight(ctx.db, leadIds));
}

function audiencesOf(sight: LeadSight): { to: Audience; leadIds: number[] }[] {
  return [{ to: { userIds: [...sight.everything] }, leadIds: [...sight.leadIds] }, ...byLeadIds(sight.restricted)];
}

/** Of the leads `before` covers among `leadIds`: those each user saw then and does not see `now`. */
function lostSight(before: LeadSight, now: LeadSight, leadIds: readonly number[]): { to: Audience; leadIds: number[] }[] {
  const wanted = new Set(leadIds);
  // Whoever sees every lead now has lost none.
  const users = [...before.everything, ...before.restricted.keys()].filter((userId) => !now.everything.has(userId));
  return byLeadIds(
    [...new Set(users)].map((userId) => {
      const still = new Set(seenBy(now, userId));
      return [userId, seenBy(before, userId).filter((leadId) => wanted.has(leadId) && !still.has(leadId))];
    }),
  );
}

/** Like publishLiveEach, a failure is logged: the change has committed either way. `eventsFor` answers each audience's events. */
async function publishToLeadReaders(
  ctx: AppContext,
  leadIds: readonly number[],
  eventsFor: (ids: number[]) => LiveEvent[],
  before?: LeadSight,
): Promise<void> {
  let deliveries: { event: LiveEvent; to: Audience }[];
  try {
    const now = await leadSight(ctx.db, leadIds);
    deliveries = audiencesOf(now).flatMap((audience) => eventsFor(audience.leadIds).map((event) => ({ event, to: audience.to })));
    for (const lost of before ? lostSight(before, now, leadIds) : []) {
      deliveries.push({ event: { type: 'leadsHidden', leadIds: lost.leadIds }, to: lost.to });
    }
  } catch (error) {
    ctx.log.error({ err: error, leadIds }, 'live event not published');
    return;
  }
  await publishLiveEach(ctx, deliveries);
}

const leadChangedEvent = (lead: LeadListItem, change: Exclude<LeadChange, 'deleted'>): LiveEvent => ({
  type: 'leadChanged',
  leadId: lead.id,
  change,
  status: lead.status,
  lead,
});

/** A lead created or changed: its list item as the lists return it, read after the commit. */
export function announceLeadChanged(
  ctx: AppContext,
  lead: LeadListItem,
  change: Exclude<LeadChange, 'deleted'>,
  before?: LeadSight,
): Promise<void> {
  return publishToLeadReaders(ctx, [lead.id], () => [leadChangedEvent(lead, change)], before);
}

/**
 * Leads created apart but announced together (a burst of web form submissions): each its own
 * `leadChanged`, as announceLeadChanged sends it, with one read of who sees them.
 */
export function announceLeadsCreated(ctx: AppContext, leads: readonly LeadListItem[]): Promise<void> {
  if (leads.length === 0) return Promise.resolve();
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  return publishToLeadReaders(ctx, [...byId.keys()], (ids) =>
    ids.flatMap((id) => {
      const lead = byId.get(id);
      return lead ? [leadChangedEvent(lead, 'created')] : [];
    }),
  );
}

/**
 * A deleted lead can no longer be matched against anyone's visibility: those who see every lead
 * hear of it by id, and the restricted readers who saw it before (`before`) get `leadsHidden`.
 */
export function announceLeadDeleted(ctx: AppContext, leadId: number, status: LeadStatus, before: LeadSight): Promise<void> {
  return publishToLeadReaders(ctx, [leadId], () => [{ type: 'leadChanged', leadId, change: 'deleted', status }], before);
}

/** One event per bulk batch rather than one per lead: a 100,000-lead action stays a few hundred events. */
export async function announceLeadsChanged(ctx: AppContext, leadIds: number[], change: LeadChange, before?: LeadSight): Promise<void> {
  if (leadIds.length > 0) await publishToLeadReaders(ctx, leadIds, (ids) => [{ type: 'leadsChanged', leadIds: ids, change }], before);
}
