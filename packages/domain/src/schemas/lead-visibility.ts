/** Setting the lead visibility of a system or custom role ('Roles' screen, admin only). */
import { z } from 'zod';
import { LEAD_VISIBILITIES } from '../leads/visibility.js';
import { twoFactorRoleSchema } from './two-factor.js';

export const leadVisibilitySchema = z.enum(LEAD_VISIBILITIES, { message: 'Visibilidad inválida' });

export const leadVisibilitySettingsSchema = z.object({
  systemRoles: z.object({ admin: leadVisibilitySchema, manager: leadVisibilitySchema, team_member: leadVisibilitySchema }),
  customRoles: z.array(z.object({ id: z.number(), visibility: leadVisibilitySchema })),
});
export type LeadVisibilitySettings = z.infer<typeof leadVisibilitySettingsSchema>;

export const setLeadVisibilitySchema = z.object({ role: twoFactorRoleSchema, visibility: leadVisibilitySchema });
export type SetLeadVisibilityInput = z.input<typeof setLeadVisibilitySchema>;
