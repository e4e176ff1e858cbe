/** A lead's history ('Historial'): what happened to it, who did it and when (docs/leads.md, 'Historial'). */
import { z } from 'zod';
import { idSchema } from './common.js';

export const LEAD_HISTORY_TYPES = [
  'created',
  'imported',
  'assigned',
  'status_changed',
  'contacted',
  'tracking_created',
  'tracking_updated',
  'tracking_deleted',
  'edited',
  'note_added',
  'follow_up_set',
  'follow_up_done',
  'merged',
  'call_logged',
  'message_sent',
  'message_received',
  'form_submitted',
  'contact_added',
  'contact_updated',
  'contact_removed',
] as const;
export type LeadHistoryType = (typeof LEAD_HISTORY_TYPES)[number];

/** Someone named in an entry: the actor, or an assignee before / after. */
export const historyPersonSchema = z.object({ id: z.number(), name: z.string() });
export type HistoryPerson = z.infer<typeof historyPersonSchema>;

/** `{ from, to }` of one field, as an edit, a status move or an assignment records it. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const leadHistoryEntrySchema = z.object({
  id: z.number(),
  type: z.enum(LEAD_HISTORY_TYPES),
  at: z.date(),
  actor: historyPersonSchema.nullable(),
  /** Per type, see docs/leads.md: mostly { field: { from, to } }; 'assigned' names people as { id, name } | null. */
  changes: z.record(z.string(), z.unknown()),
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntrySchema>;

export const LEAD_HISTORY_PAGE = { default: 50, max: 200 } as const;

export const leadHistoryQuerySchema = z.object({
  leadId: idSchema,
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEAD_HISTORY_PAGE.max, { message: `Máximo ${LEAD_HISTORY_PAGE.max} por página` })
    .optional(),
});
export type LeadHistoryQuery = z.output<typeof leadHistoryQuerySchema>;

export const leadHistoryPageSchema = z.object({ items: z.array(leadHistoryEntrySchema), nextCursor: z.number().nullable() });
export type LeadHistoryPage = z.infer<typeof leadHistoryPageSchema>;
