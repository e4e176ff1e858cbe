/**
 * The caller's lead visibility (docs/roles-and-permissions.md, 'Visibilidad de leads'), resolved
 * once per call: every lead-reading service passes it to the repositories, whose one predicate
 * (visibleLeadsCondition in @crm/db) applies it. An API token reads as its owner.
 */
import { findLeadReader, type LeadReader } from '@crm/db';
import type { AppContext, ServiceContext } from '../../context.js';
import { leadSight, seenBy } from './lead-sight.js';

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
  const sight = await leadSight(ctx.db, [leadId]);
  const see = userIds.filter((userId) => seenBy(sight, userId).length > 0);
  return { see, blind: userIds.filter((userId) => !see.includes(userId)) };
}
