/** Lead groups: the Grupos tab's list and deleting a group together with its leads (docs/leads.md, Groups). */
import { deleteLeadGroupWithLeads, listLeadGroups } from '@crm/db';
import { DomainError, FORBIDDEN_MESSAGE, type LeadGroup, can } from '@crm/domain';
import type { ServiceContext } from '../../context.js';

export const GROUP_NOT_FOUND = 'Grupo no encontrado';

export function listGroups(ctx: ServiceContext): Promise<LeadGroup[]> {
  return listLeadGroups(ctx.db);
}

export interface GroupDeletion {
  id: number;
  deletedLeads: number;
  message: string;
}

export async function deleteGroup(ctx: ServiceContext, id: number): Promise<GroupDeletion> {
  if (!can(ctx.viewer.user, 'lead.manage')) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  const result = await ctx.db.transaction().execute((trx) => deleteLeadGroupWithLeads(trx, id));
  if (!result) throw new DomainError('NOT_FOUND', GROUP_NOT_FOUND);
  const { deletedLeads } = result;
  return { id, deletedLeads, message: `Grupo eliminado junto con ${deletedLeads} ${deletedLeads === 1 ? 'lead' : 'leads'}` };
}
