/** Lead groups (created by an import) and the import's form and result. */
import { z } from 'zod';
import { LIMITS, nullableIdSchema, requiredText } from './common.js';

export const assignedRoleSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  color: z.string(),
});
export type AssignedRoleSummary = z.infer<typeof assignedRoleSummarySchema>;

export const leadGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  leadCount: z.number(),
  createdAt: z.date(),
  assignedRoleId: z.number().nullable(),
  assignedRole: assignedRoleSummarySchema.nullable(),
});
export type LeadGroup = z.infer<typeof leadGroupSchema>;

/** Deleting a group: its leads go with it, after the answer (`message`: 'Grupo eliminado junto con 3 leads'). */
export const leadGroupDeletionSchema = z.object({ id: z.number(), deletedLeads: z.number().int(), message: z.string() });
export type LeadGroupDeletion = z.infer<typeof leadGroupDeletionSchema>;

/** The text fields of 'Importar Leads'; the file itself is checked by upload.ts. */
export const importFormSchema = z.object({
  groupName: requiredText('Nombre del grupo requerido', LIMITS.name),
  assignedRoleId: nullableIdSchema,
});
export type ImportFormInput = z.input<typeof importFormSchema>;
export type ImportForm = z.output<typeof importFormSchema>;

export const importResultSchema = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  total: z.number().int().min(0),
  groupName: z.string(),
  assignedRoleId: z.number().nullable(),
  /** The group the import created, so the screen can open it ('Ver Leads'). */
  groupId: z.number(),
  /** One Spanish line per skipped row, e.g. 'Fila 7: falta el nombre'. */
  errors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
