/** Lead groups: the Grupos tab's list and deleting a group together with its leads (docs/leads.md, Groups). */
import { deleteLeadGroupWithLeads, listLeadGroups } from '@crm/db';
import { DomainError, type LeadGroup } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

export const GROUP_NOT_FOUND = 'Grupo no encontrado';

export function listGroups(ctx: ServiceContext): Promise<LeadGroup[]> {
  requirePermission(ctx, 'lead.read');
  return listLeadGroups(ctx.db);
}

export interface GroupDeletion {
  id: number;
  deletedLeads: number;
  message: string;
}

export async function deleteGroup(ctx: ServiceContext, id: number): Promise<GroupDeletion> {
  requirePermission(ctx, 'lead.manage');
  const result = await ctx.db.transaction().execute((trx) => deleteLeadGroupWithLeads(trx, id));
  if (!result) throw new DomainError('NOT_FOUND', GROUP_NOT_FOUND);
  const { deletedLeads } = result;
  return { id, deletedLeads, message: `Grupo eliminado junto con ${deletedLeads} ${deletedLeads === 1 ? 'lead' : 'leads'}` };
}
