/**
 * Who may see which leads, read set-based for the live events (docs/live-protocol.md, 'Lead
 * workspace events'): whom a lead event may reach, and whom a change took a lead away from.
 * - `leadSight(db, leadIds)`: of these leads, which each reader sees (a write that may move leads
 *   out of someone's sight reads it in its transaction before the change: lead-changed.ts compares).
 * - `watchLeadAccess(ctx, write)`: around a change of whose leads people see (a role's visibility, a
 *   team, a person's role or team), tells everyone whose sight it changed to read their lead
 *   screens again (`leadAccessChanged`): no lead travels, each screen asks with its own rights.
 */
import { type DbOrTrx, listLeadReaders, restrictedLeadSight, restrictedOwnerSight } from '@crm/db';
import { can } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';

/** Of some leads: who sees all of them, and which of them each restricted reader sees. */
export interface LeadSight {
  leadIds: readonly number[];
  everything: ReadonlySet<number>;
  restricted: ReadonlyMap<number, readonly number[]>;
}

/** The active users who may read leads at all (the permission the lead list asks for), with their visibility. */
async function leadReaders(db: DbOrTrx) {
  return (await listLeadReaders(db)).filter((user) => can({ id: user.userId, systemRole: user.systemRole }, 'lead.read'));
}

export async function leadSight(db: DbOrTrx, leadIds: readonly number[]): Promise<LeadSight> {
  if (leadIds.length === 0) return { leadIds, everything: new Set(), restricted: new Map() };
  const readers = await leadReaders(db);
  const restricted = new Map<number, number[]>();
  for (const { userId, leadId } of await restrictedLeadSight(db, leadIds, readers)) {
    const seen = restricted.get(userId);
    if (seen) seen.push(leadId);
    else restricted.set(userId, [leadId]);
  }
  const everything = new Set(readers.filter((user) => user.reader.visibility === 'all').map((user) => user.userId));
  return { leadIds, everything, restricted };
}

/** The leads of `sight` that `userId` sees. */
export function seenBy(sight: LeadSight, userId: number): readonly number[] {
  return sight.everything.has(userId) ? sight.leadIds : (sight.restricted.get(userId) ?? []);
}

/** Each reader's sight as one comparable value: 'all', or whose leads they see. */
async function accessOf(db: DbOrTrx): Promise<Map<number, string>> {
  const readers = await leadReaders(db);
  const owners = await restrictedOwnerSight(db, readers);
  return new Map(
    readers.map((user) => [user.userId, user.reader.visibility === 'all' ? 'all' : (owners.get(user.userId) ?? []).join(',')]),
  );
}

/**
 * Runs `write` and then tells every user whose sight it changed (narrowed or widened) to read their
 * lead screens again. Their sight is read before and after, two statements each; a failure to tell
 * is logged, the write has committed either way.
 */
export async function watchLeadAccess<T>(ctx: AppContext, write: () => Promise<T>): Promise<T> {
  const before = await accessOf(ctx.db);
  const result = await write();
  try {
    const after = await accessOf(ctx.db);
    // Someone who may no longer read leads at all, or only now may, is told too.
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((userId) => before.get(userId) !== after.get(userId));
    if (changed.length > 0) await publishLive(ctx, { type: 'leadAccessChanged' }, { userIds: changed });
  } catch (error) {
    ctx.log.error({ err: error, event: 'leadAccessChanged' }, 'live event not published');
  }
  return result;
}
