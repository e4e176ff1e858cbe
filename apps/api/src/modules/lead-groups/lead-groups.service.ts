/** Lead groups: the Grupos tab's list and deleting a group together with its leads (docs/leads.md, Groups). */
import { listLeadGroups, markLeadGroupDeleted } from '@crm/db';
import { DomainError, type LeadGroup, type LeadGroupDeletion, formatCount } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { enqueueGroupPurge } from './lead-groups.jobs.js';

const GROUP_NOT_FOUND = 'Grupo no encontrado';

export function listGroups(ctx: ServiceContext): Promise<LeadGroup[]> {
  requirePermission(ctx, 'lead.read');
  return listLeadGroups(ctx.db);
}

export async function deleteGroup(ctx: ServiceContext, id: number): Promise<LeadGroupDeletion> {
  requirePermission(ctx, 'lead.manage');
  // The group is gone for everyone at once; its leads follow in short batches, after the answer.
  const result = await ctx.db.transaction().execute(async (trx) => {
    const marked = await markLeadGroupDeleted(trx, id);
    if (marked) await enqueueGroupPurge(ctx, trx, id);
    return marked;
  });
  if (!result) throw new DomainError('NOT_FOUND', GROUP_NOT_FOUND);
  // Everyone reads leads and may have the group's leads on screen.
  await publishLive(ctx, { type: 'groupDeleted', groupId: id }, { everyone: true });
  const { deletedLeads } = result;
  return { id, deletedLeads, message: `Grupo eliminado junto con ${formatCount(deletedLeads, 'lead', 'leads')}` };
}
