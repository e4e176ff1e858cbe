/**
 * The bulk palette's 'Añadir etiqueta' and 'Quitar etiqueta': one statement per batch puts the tag on
 * (or takes it off) the batch's leads; each lead it changed gets its history entry (names before →
 * after) in the batch's transaction, and the others count as 'ya estaba así'.
 */
import { type DbOrTrx, addTagToLeads, findTag, recordLeadHistory, removeTagFromLeads, tagNamesOfLeads } from '@crm/db';
import { DomainError } from '@crm/domain';
import { tagEntries } from '../../lead-history/lead-history.service.js';
import { TAG_NOT_FOUND, byName } from '../../tags/tags.service.js';

export type TagAction = 'addTag' | 'removeTag';

export function isTagAction(action: string): action is TagAction {
  return action === 'addTag' || action === 'removeTag';
}

/** The tag must exist before any batch runs: a 400, and nothing changed. */
export async function assertBulkTag(db: DbOrTrx, tagId: number | undefined): Promise<void> {
  if (tagId === undefined || !(await findTag(db, tagId))) throw new DomainError('BAD_REQUEST', TAG_NOT_FOUND);
}

/** Applies the action to `leadIds`; answers the ids it changed. */
export async function applyBulkTag(trx: DbOrTrx, actorId: number, action: TagAction, tagId: number, leadIds: number[]): Promise<number[]> {
  const tag = await findTag(trx, tagId);
  if (!tag) throw new DomainError('BAD_REQUEST', TAG_NOT_FOUND);
  const changed = action === 'addTag' ? await addTagToLeads(trx, leadIds, tagId) : await removeTagFromLeads(trx, leadIds, tagId);
  const after = await tagNamesOfLeads(trx, changed);
  await recordLeadHistory(
    trx,
    changed.flatMap((leadId) => {
      const to = after.get(leadId) ?? [];
      const from = action === 'addTag' ? to.filter((name) => name !== tag.name) : byName([...to, tag.name]);
      return tagEntries(actorId, leadId, from, to);
    }),
  );
  return changed;
}
