/**
 * Notes on a lead (docs/leads.md, 'Notas'; tRPC `leadNotes.*`), newest first: anyone who reads the
 * lead lists and adds them; only a note's author edits or deletes it (checked in the service).
 */
import { createLeadNoteSchema, deletedSchema, idInputSchema, idSchema, leadNoteSchema, updateLeadNoteSchema } from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { addNote, editNote, listNotes, removeNote } from './lead-notes.service.js';

export const leadNotesEndpoints = [
  endpoint({
    name: 'leadNotes.list',
    summary: 'Las notas de un lead, la más nueva primero',
    permission: 'lead.read',
    input: z.object({ leadId: idSchema }),
    output: z.array(leadNoteSchema),
    rest: { method: 'GET', path: '/api/leads/:leadId/notes' },
    trpc: 'query',
    handler: ({ ctx, input }) => listNotes(ctx, input.leadId),
  }),
  endpoint({
    name: 'leadNotes.create',
    summary: 'Añade una nota a un lead',
    description: 'De 1 a 5.000 caracteres; queda en el historial del lead.',
    permission: 'lead.read',
    input: createLeadNoteSchema,
    output: leadNoteSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/notes', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => addNote(ctx, input),
  }),
  endpoint({
    name: 'leadNotes.update',
    summary: 'Edita una nota propia',
    permission: 'lead.read',
    input: updateLeadNoteSchema,
    output: leadNoteSchema,
    rest: { method: 'PUT', path: '/api/lead-notes/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => editNote(ctx, input),
  }),
  endpoint({
    name: 'leadNotes.delete',
    summary: 'Elimina una nota propia',
    permission: 'lead.read',
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/lead-notes/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => removeNote(ctx, input.id),
  }),
] as const;

export const leadNotesRouter = routerOf(leadNotesEndpoints);
