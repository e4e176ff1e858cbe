/** POST /api/leads/bulk: one action over selected leads (by ids) or every lead a filter matches. */
import { z } from 'zod';
import { idSchema, nullableIdSchema } from './common.js';
import { leadListQuerySchema, leadStatusSchema } from './lead.js';

export const LEAD_BULK_ACTIONS = ['assign', 'distribute', 'status', 'group', 'delete', 'addTag', 'removeTag', 'customField'] as const;
export type LeadBulkAction = (typeof LEAD_BULK_ACTIONS)[number];

export const LEAD_BULK_LIMITS = { ids: 100_000 } as const;

/** The list's filters, as the screen sends them (no paging or sort). */
export const leadBulkFilterSchema = leadListQuerySchema.omit({ limit: true, cursor: true, sort: true });

export const leadBulkSchema = z
  .object({
    action: z.enum(LEAD_BULK_ACTIONS, { message: 'Acción masiva inválida' }),
    ids: z.array(idSchema).min(1, { message: 'Selecciona al menos un lead' }).max(LEAD_BULK_LIMITS.ids).optional(),
    filter: leadBulkFilterSchema.optional(),
    assignedTo: nullableIdSchema.optional(),
    roleId: idSchema.optional(),
    status: leadStatusSchema.optional(),
    groupId: nullableIdSchema.optional(),
    /** 'customField': one custom field set to `value` on every lead (null clears it), checked as a single edit. */
    customField: z.object({ key: z.string().max(40), value: z.unknown() }, { message: 'Indica el campo y su valor' }).optional(),
    /** addTag / removeTag: the tag put on or taken off every lead. */
    tagId: idSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if ((input.ids === undefined) === (input.filter === undefined)) problem('Indica los leads: ids o un filtro');
    if (input.action === 'assign' && input.assignedTo === undefined) problem('Indica a quién asignar');
    if (input.action === 'distribute' && input.roleId === undefined) problem('Indica la especialización');
    if (input.action === 'status' && input.status === undefined) problem('Indica el estado');
    if (input.action === 'group' && input.groupId === undefined) problem('Indica el grupo');
    if (input.action === 'customField' && input.customField === undefined) problem('Indica el campo y su valor');
    if ((input.action === 'addTag' || input.action === 'removeTag') && input.tagId === undefined) problem('Indica la etiqueta');
  });
export type LeadBulkInput = z.input<typeof leadBulkSchema>;
export type LeadBulk = z.output<typeof leadBulkSchema>;

export const leadBulkResultSchema = z.object({
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Why leads were skipped, one line per reason with its count ('3 leads: …'). */
  errors: z.array(z.string()),
});
export type LeadBulkResult = z.infer<typeof leadBulkResultSchema>;
