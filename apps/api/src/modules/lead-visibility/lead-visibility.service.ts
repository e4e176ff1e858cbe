/**
 * Which leads each role sees (docs/roles-and-permissions.md, 'Visibilidad de leads'): everyone reads
 * the settings, an admin sets them; the role's people whose sight it changes are told live.
 */
import { findCustomRoleById, listLeadVisibilitySettings, setLeadVisibility as storeLeadVisibility } from '@crm/db';
import { DomainError, type LeadVisibilitySettings, type setLeadVisibilitySchema } from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { watchLeadAccess } from '../leads/lead-sight.js';

export function leadVisibilitySettings(ctx: ServiceContext): Promise<LeadVisibilitySettings> {
  return listLeadVisibilitySettings(ctx.db);
}

export async function setLeadVisibility(
  ctx: ServiceContext,
  input: z.output<typeof setLeadVisibilitySchema>,
): Promise<LeadVisibilitySettings> {
  requirePermission(ctx, 'role.setLeadVisibility');
  if ('customRoleId' in input.role && !(await findCustomRoleById(ctx.db, input.role.customRoleId))) {
    throw new DomainError('NOT_FOUND', 'Rol no encontrado');
  }
  await watchLeadAccess(ctx, () => storeLeadVisibility(ctx.db, input.role, input.visibility));
  return listLeadVisibilitySettings(ctx.db);
}
