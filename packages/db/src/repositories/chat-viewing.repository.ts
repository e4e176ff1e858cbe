/**
 * What each open tab shows in the chat (the conversation's notification collapse key), so a message
 * there notifies nobody who is reading it. A tab reports when it opens a conversation, leaves it or
 * is hidden, and again every CHAT_VIEWING_REPORT_MS (@crm/domain) while shown; a report counts
 * until its expiry, so a tab that closes without a word (or a replica that dies) stops counting.
 */
import { CHAT_VIEWING_REPORT_MS } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

/** A report counts a little over two report intervals: one late report does not end it. */
const CHAT_VIEWING_TTL_MS = 2.5 * CHAT_VIEWING_REPORT_MS;

/** `collapseKey` null: the tab shows no conversation (closed, hidden, another page). */
export async function reportChatViewing(db: DbOrTrx, userId: number, tabId: string, collapseKey: string | null): Promise<void> {
  if (collapseKey === null) {
    await db.deleteFrom('chat_viewing').where('user_id', '=', userId).where('tab_id', '=', tabId).execute();
    return;
  }
  const expiresAt = sql<Date>`now() + make_interval(secs => ${CHAT_VIEWING_TTL_MS / 1000})`;
  await db
    .insertInto('chat_viewing')
    .values({ user_id: userId, tab_id: tabId, collapse_key: collapseKey, expires_at: expiresAt })
    .onConflict((conflict) => conflict.columns(['user_id', 'tab_id']).doUpdateSet({ collapse_key: collapseKey, expires_at: expiresAt }))
    .execute();
  // Expired reports of this person's other tabs go with any report of theirs.
  await db
    .deleteFrom('chat_viewing')
    .where('user_id', '=', userId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}

/** For a statement: whether `userId` (SQL) has a tab showing the conversation of `collapseKey` now. */
export function isViewingSql(userId: ReturnType<typeof sql.ref>, collapseKey: string) {
  return sql<boolean>`exists (
    select 1 from chat_viewing viewing
    where viewing.user_id = ${userId} and viewing.collapse_key = ${collapseKey} and viewing.expires_at > now()
  )`;
}
