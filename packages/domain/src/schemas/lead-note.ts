/** Notes on a lead: anyone who reads the lead adds one; its author edits or deletes it. */
import { z } from 'zod';
import { LIMITS, idSchema, requiredText } from './common.js';
import { historyPersonSchema } from './lead-history.js';

export const NOTE_LIMITS = { body: LIMITS.longText } as const;

const noteBody = requiredText('La nota no puede estar vacía', NOTE_LIMITS.body);

export const leadNoteSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  body: z.string(),
  author: historyPersonSchema.nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const createLeadNoteSchema = z.object({ leadId: idSchema, body: noteBody });
export type CreateLeadNoteInput = z.input<typeof createLeadNoteSchema>;
export const updateLeadNoteSchema = z.object({ id: idSchema, body: noteBody });
export type UpdateLeadNoteInput = z.input<typeof updateLeadNoteSchema>;
