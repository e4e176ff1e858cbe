/** REST paths of notes (docs/rest-api.md): list and add on a lead, edit and delete one's own. */
import { idSchema, leadNoteBodySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { addNote, editNote, listNotes, removeNote } from './lead-notes.service.js';

export const leadNotesRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/leads/:id/notes',
    handler: ({ ctx, params }) => listNotes(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/leads/:id/notes',
    body: leadNoteBodySchema,
    successStatus: 201,
    handler: ({ ctx, params, body }) => addNote(ctx, { leadId: parseInput(idSchema, params.id), body: body.body }),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/lead-notes/:id',
    body: leadNoteBodySchema,
    handler: ({ ctx, params, body }) => editNote(ctx, { id: parseInput(idSchema, params.id), body: body.body }),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/lead-notes/:id',
    handler: ({ ctx, params }) => removeNote(ctx, parseInput(idSchema, params.id)),
  }),
];
