/** Tags ('Etiquetas', docs/leads.md): free, coloured labels on leads; one per name, whatever its case or spaces. */
import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

export const TAG_LIMITS = { name: 40, perLead: 20 } as const;

/** The colours offered ('#rrggbb'); any such colour is accepted. */
export const TAG_COLORS = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#868e96'] as const;

export const tagSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** A tag with how many leads carry it (the tag list). */
export const tagWithCountSchema = tagSchema.extend({ leads: z.number().int() });
export type TagWithCount = z.infer<typeof tagWithCountSchema>;

/** Inner spaces collapsed: 'Cliente   VIP ' is 'Cliente VIP' (and the same tag as 'cliente vip'). */
export function normalizeTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

const tagName = requiredText('El nombre de la etiqueta es requerido', TAG_LIMITS.name).transform(normalizeTagName);
const tagColor = z
  .string({ message: 'Color inválido: usa #rrggbb' })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { message: 'Color inválido: usa #rrggbb' });

export const createTagSchema = z.object({ name: tagName, color: tagColor.default(TAG_COLORS[0]) });
export type CreateTagInput = z.input<typeof createTagSchema>;
export type CreateTag = z.output<typeof createTagSchema>;
export const updateTagSchema = z.object({ name: tagName.optional(), color: tagColor.optional() });
export type UpdateTagInput = z.input<typeof updateTagSchema>;
export type UpdateTag = z.output<typeof updateTagSchema>;

/** PUT /api/leads/{id}/tags: the lead's whole set of tags (replaces the one it had). */
export const setLeadTagsSchema = z.object({
  tagIds: z
    .array(idSchema, { message: 'Lista de etiquetas inválida' })
    .max(TAG_LIMITS.perLead, { message: `Máximo ${TAG_LIMITS.perLead} etiquetas por lead` })
    .transform((ids) => [...new Set(ids)]),
});
export type SetLeadTagsInput = z.input<typeof setLeadTagsSchema>;
