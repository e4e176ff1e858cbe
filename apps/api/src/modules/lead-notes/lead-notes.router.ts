/**
 * tRPC `leadNotes` (docs/leads.md, 'Notas'): list({ leadId }) → LeadNote[] newest first;
 * create({ leadId, body }) (anyone who reads the lead); update({ id, body }) / delete({ id }) (the author only).
 */
import { createLeadNoteSchema, idSchema, updateLeadNoteSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { addNote, editNote, listNotes, removeNote } from './lead-notes.service.js';

export const leadNotesRouter = router({
  list: authedProcedure.input(z.object({ leadId: idSchema })).query(({ ctx, input }) => listNotes(ctx, input.leadId)),
  create: authedProcedure.input(createLeadNoteSchema).mutation(({ ctx, input }) => addNote(ctx, input)),
  update: authedProcedure.input(updateLeadNoteSchema).mutation(({ ctx, input }) => editNote(ctx, input)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => removeNote(ctx, input.id)),
});
