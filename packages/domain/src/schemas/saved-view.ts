/**
 * Saved views: a person's named set of leads-list filters and a way to show them (table, cards or
 * the board), shown as chips above the list. Only its owner sees or deletes it.
 */
import { z } from 'zod';
import { LIMITS, idSchema, requiredText, text } from './common.js';
import { customFieldFiltersSchema } from './custom-field.js';
import { leadAssigneeFilterSchema, leadCategorySchema, leadSortSchema, leadStatusSchema } from './lead.js';

export const SAVED_VIEW_MODES = ['table', 'cards', 'board'] as const;
export type SavedViewMode = (typeof SAVED_VIEW_MODES)[number];

/** The list's tabs a view may open on. */
export const SAVED_VIEW_TABS = ['leads', 'contacted', 'groups'] as const;

export const SAVED_VIEW_LIMITS = { name: 60, perUser: 50 } as const;

/**
 * The leads list's URL state (apps/web/src/features/leads/hooks/useLeadsView.ts) by the names the
 * list query uses: tab, category, status, groupId, assignedTo, sort (a custom field's `cf.<key>`
 * too), tagId, the search `q` and the custom field filters `cf`. Unknown keys are refused, so a
 * stored view never carries something the list cannot apply; the custom fields it names are
 * checked against their definitions by the service, when saved and each time it is read.
 */
export const savedViewFiltersSchema = z.strictObject({
  tab: z.enum(SAVED_VIEW_TABS, { message: 'Pestaña inválida' }).optional(),
  category: leadCategorySchema.optional(),
  status: leadStatusSchema.optional(),
  groupId: idSchema.optional(),
  assignedTo: leadAssigneeFilterSchema.optional(),
  sort: leadSortSchema.optional(),
  tagId: idSchema.optional(),
  q: text()
    .trim()
    .max(LIMITS.name, { message: `Máximo ${LIMITS.name} caracteres` })
    .optional(),
  cf: customFieldFiltersSchema.optional(),
});
export type SavedViewFilters = z.output<typeof savedViewFiltersSchema>;

export const createSavedViewSchema = z.object({
  name: requiredText('El nombre de la vista es requerido', SAVED_VIEW_LIMITS.name),
  view: z.enum(SAVED_VIEW_MODES, { message: 'Vista inválida: tabla, tarjetas o tablero' }),
  filters: savedViewFiltersSchema.default({}),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewSchema>;
export type CreateSavedView = z.output<typeof createSavedViewSchema>;

export const savedViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  view: z.enum(SAVED_VIEW_MODES),
  filters: savedViewFiltersSchema,
  createdAt: z.date(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewIdSchema = z.object({ id: idSchema });
