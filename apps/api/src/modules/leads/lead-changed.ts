/** The `leadChanged` / `leadsChanged` live events, after the change committed: every open board and list refreshes, on every replica. */
import type { LeadChange, LeadStatus } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';

export function announceLeadChanged(ctx: AppContext, leadId: number, change: LeadChange, status?: LeadStatus): Promise<void> {
  return publishLive(ctx, { type: 'leadChanged', leadId, change, ...(status ? { status } : {}) }, { everyone: true });
}

/** One event per bulk batch rather than one per lead: a 100,000-lead action stays a few hundred events. */
export async function announceLeadsChanged(ctx: AppContext, leadIds: number[], change: LeadChange): Promise<void> {
  if (leadIds.length > 0) await publishLive(ctx, { type: 'leadsChanged', leadIds, change }, { everyone: true });
}
