/** Notes on a lead, newest first, with their author's name (kept after a deactivation). */
import type { LeadNote } from '@crm/domain';
import type { DbOrTrx } from '../types.js';
import { personNameSql } from './person-name.js';

function selectNotes(db: DbOrTrx) {
  return db
    .selectFrom('lead_notes as n')
    .leftJoin('users as author', 'author.id', 'n.author_id')
    .select(['n.id', 'n.lead_id', 'n.body', 'n.author_id', 'n.created_at', 'n.updated_at', personNameSql('author').as('author_name')]);
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['executeTakeFirstOrThrow']>>;

function toNote(row: NoteRow): LeadNote {
  return {
    id: row.id,
    leadId: row.lead_id,
    body: row.body,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listLeadNotes(db: DbOrTrx, leadId: number): Promise<LeadNote[]> {
  return (await selectNotes(db).where('n.lead_id', '=', leadId).orderBy('n.id', 'desc').execute()).map(toNote);
}

export async function findLeadNote(db: DbOrTrx, id: number): Promise<LeadNote | undefined> {
  const row = await selectNotes(db).where('n.id', '=', id).executeTakeFirst();
  return row && toNote(row);
}

export async function insertLeadNote(db: DbOrTrx, values: { leadId: number; authorId: number | null; body: string }): Promise<number> {
  const { id } = await db
    .insertInto('lead_notes')
    .values({ lead_id: values.leadId, author_id: values.authorId, body: values.body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateLeadNoteBody(db: DbOrTrx, id: number, body: string): Promise<void> {
  await db.updateTable('lead_notes').set({ body, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteLeadNote(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('lead_notes').where('id', '=', id).execute();
}
