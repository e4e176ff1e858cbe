/** Notes on a lead (docs/leads.md, 'Notas'): anyone who reads the lead adds one; only its author edits or deletes it. */
import { deleteLeadNote, findLeadNote, findLeadRow, insertLeadNote, listLeadNotes, recordLeadHistory, updateLeadNoteBody } from '@crm/db';
import { DomainError, FORBIDDEN_MESSAGE, type LeadNote, canEditLeadNote } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import { leadReaderOf } from '../leads/lead-reader.js';

const NOTE_NOT_FOUND = 'Nota no encontrada';
/** How much of a note its 'note_added' history entry keeps. */
const EXCERPT_LENGTH = 200;

export async function listNotes(ctx: ServiceContext, leadId: number): Promise<LeadNote[]> {
  requirePermission(ctx, 'lead.read');
  if (!(await findLeadRow(ctx.db, leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  return listLeadNotes(ctx.db, leadId);
}

export async function addNote(ctx: ServiceContext, input: { leadId: number; body: string }): Promise<LeadNote> {
  requirePermission(ctx, 'lead.read');
  const reader = await leadReaderOf(ctx);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findLeadRow(trx, input.leadId, reader))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    const noteId = await insertLeadNote(trx, { leadId: input.leadId, authorId: ctx.viewer.user.id, body: input.body });
    await recordLeadHistory(trx, [
      {
        leadId: input.leadId,
        type: 'note_added',
        actorId: ctx.viewer.user.id,
        changes: { noteId, excerpt: input.body.slice(0, EXCERPT_LENGTH) },
      },
    ]);
    await emitWebhookEvent(ctx, trx, 'note.created', async () => {
      const note = await findLeadNote(trx, noteId);
      return note ? [{ leadId: input.leadId, data: note }] : [];
    });
    return noteId;
  });
  return (await findLeadNote(ctx.db, id)) as LeadNote;
}

async function ownNote(ctx: ServiceContext, id: number): Promise<LeadNote> {
  requirePermission(ctx, 'lead.read');
  const note = await findLeadNote(ctx.db, id);
  // One on a lead the caller may not see is not found, like the lead.
  if (!note || !(await findLeadRow(ctx.db, note.leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', NOTE_NOT_FOUND);
  if (!canEditLeadNote(ctx.viewer.user, { authorId: note.author?.id ?? null })) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  return note;
}

export async function editNote(ctx: ServiceContext, input: { id: number; body: string }): Promise<LeadNote> {
  await ownNote(ctx, input.id);
  await updateLeadNoteBody(ctx.db, input.id, input.body);
  return (await findLeadNote(ctx.db, input.id)) as LeadNote;
}

export async function removeNote(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  await ownNote(ctx, id);
  await deleteLeadNote(ctx.db, id);
  return { id };
}
