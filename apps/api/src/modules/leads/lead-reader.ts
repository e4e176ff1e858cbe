/**
 * The caller's lead visibility (docs/roles-and-permissions.md, 'Visibilidad de leads'), resolved
 * once per call: every lead-reading service passes it to the repositories, whose one predicate
 * (visibleLeadsCondition in @crm/db) applies it. An API token reads as its owner.
 */
import { findLeadReader, type LeadReader, listLeadReaders, visibleLeadIds } from '@crm/db';
import type { AppContext, ServiceContext } from '../../context.js';

// Keyed by the call's context: a socket's viewer lives long, a role's setting may change meanwhile.
const byCall = new WeakMap<ServiceContext, Promise<LeadReader>>();

export function leadReaderOf(ctx: ServiceContext): Promise<LeadReader> {
  let reader = byCall.get(ctx);
  if (!reader) {
    reader = findLeadReader(ctx.db, ctx.viewer.user.id);
    byCall.set(ctx, reader);
  }
  return reader;
}

/** Of `userIds`, who may see lead `leadId` now and who may not (a chat message's lead card goes only to the first). */
export async function splitBySight(
  ctx: AppContext,
  leadId: number,
  userIds: readonly number[],
): Promise<{ see: number[]; blind: number[] }> {
  const wanted = new Set(userIds);
  const readers = (await listLeadReaders(ctx.db)).filter((user) => wanted.has(user.userId));
  const sight = await Promise.all(readers.map(async (user) => (await visibleLeadIds(ctx.db, [leadId], user.reader)).length > 0));
  const see = readers.filter((_user, index) => sight[index]).map((user) => user.userId);
  const seeing = new Set(see);
  return { see, blind: userIds.filter((id) => !seeing.has(id)) };
}
