/**
 * Tags ('Etiquetas', docs/leads.md): admins and managers create, rename, recolour and delete them;
 * putting them on a lead follows the lead-edit rule (lead.manage). Every change to a lead's tags
 * writes its history entry in the same transaction.
 */
import {
  type DbOrTrx,
  UNIQUE_INDEXES,
  countTags,
  deleteTag,
  findLeadRowForUpdate,
  insertTag,
  leadTagNames,
  listTags,
  recordLeadHistory,
  replaceLeadTags,
  tagNamesOfLeads,
  uniqueViolationOf,
  updateTag,
} from '@crm/db';
import { type CreateTag, DomainError, type LeadListItem, type Tag, type TagWithCount, type UpdateTag } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { tagEntries } from '../lead-history/lead-history.service.js';
import { announceLeadChanged, announceLeadsChanged } from '../leads/lead-changed.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { getLeadOrThrow } from '../leads/leads.service.js';

export const TAG_NOT_FOUND = 'La etiqueta no existe';
const TAG_EXISTS = 'Ya existe una etiqueta con ese nombre';

export function listAllTags(ctx: ServiceContext): Promise<TagWithCount[]> {
  requirePermission(ctx, 'lead.read');
  return listTags(ctx.db);
}

/** A duplicate name (case and spaces aside) is the unique index's 409, even between two concurrent creates. */
async function refusingDuplicateName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) === UNIQUE_INDEXES.tagName) throw new DomainError('CONFLICT', TAG_EXISTS);
    throw error;
  }
}

export function createTag(ctx: ServiceContext, input: CreateTag): Promise<Tag> {
  requirePermission(ctx, 'tag.manage');
  const { name, color } = input;
  return refusingDuplicateName(() => insertTag(ctx.db, { name, color, createdBy: ctx.viewer.user.id }));
}

export async function editTag(ctx: ServiceContext, id: number, input: UpdateTag): Promise<Tag> {
  requirePermission(ctx, 'tag.manage');
  const tag = await refusingDuplicateName(() => updateTag(ctx.db, id, { name: input.name, color: input.color }));
  if (!tag) throw new DomainError('NOT_FOUND', TAG_NOT_FOUND);
  return tag;
}

/** Sorted as the database sorts a lead's tags (name, case aside), so entries compare equal lists equal. */
export const byName = (names: string[]) => [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

/** Deletes the tag from every lead carrying it; each of those leads gets its history entry in the same transaction. */
export async function removeTag(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'tag.manage');
  const leadIds = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteTag(trx, id);
    if (!deleted) throw new DomainError('NOT_FOUND', TAG_NOT_FOUND);
    const after = await tagNamesOfLeads(trx, deleted.leadIds);
    await recordLeadHistory(
      trx,
      deleted.leadIds.flatMap((leadId) => {
        const to = after.get(leadId) ?? [];
        return tagEntries(ctx.viewer.user.id, leadId, byName([...to, deleted.tag.name]), to);
      }),
    );
    return deleted.leadIds;
  });
  await announceLeadsChanged(ctx, leadIds, 'updated');
  return { id };
}

async function assertTagsExist(db: DbOrTrx, tagIds: readonly number[]): Promise<void> {
  if ((await countTags(db, tagIds)) !== tagIds.length) throw new DomainError('BAD_REQUEST', TAG_NOT_FOUND);
}

/** PUT /api/leads/{id}/tags: the lead's tags become exactly these. */
export async function setLeadTags(ctx: ServiceContext, leadId: number, { tagIds }: { tagIds: number[] }): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.manage');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await findLeadRowForUpdate(trx, leadId))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    await assertTagsExist(trx, tagIds);
    const before = await leadTagNames(trx, leadId);
    await replaceLeadTags(trx, leadId, tagIds);
    await recordLeadHistory(trx, tagEntries(ctx.viewer.user.id, leadId, before, await leadTagNames(trx, leadId)));
  });
  const lead = await getLeadOrThrow(ctx, leadId);
  await announceLeadChanged(ctx, lead, 'updated');
  return lead;
}
