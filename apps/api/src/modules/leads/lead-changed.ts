/** The `leadChanged` live event, after the change committed: every open board and list refreshes, on every replica. */
import type { LeadChange, LeadStatus } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';

export function announceLeadChanged(ctx: AppContext, leadId: number, change: LeadChange, status?: LeadStatus): Promise<void> {
  return publishLive(ctx, { type: 'leadChanged', leadId, change, ...(status ? { status } : {}) }, { everyone: true });
}
