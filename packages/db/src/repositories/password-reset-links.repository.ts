/** One-time password reset links, stored by the hash of their token. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export async function insertPasswordResetLink(
  db: DbOrTrx,
  link: { id: string; userId: number; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('password_reset_links')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('password_reset_links')
    .values({ id: link.id, user_id: link.userId, created_by: link.createdBy, expires_at: link.expiresAt })
    .execute();
}

/** The active user an unused, unexpired link is for. */
export async function findUsablePasswordResetLink(
  db: DbOrTrx,
  id: string,
): Promise<{ userId: number; username: string; expiresAt: Date } | undefined> {
  const row = await db
    .selectFrom('password_reset_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.user_id', 'u.username', 'l.expires_at'])
    .where('l.id', '=', id)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row && { userId: row.user_id, username: row.username, expiresAt: row.expires_at };
}

/** Spends a link: the user it was for, only for the one call that marks it used while still valid. */
export async function consumePasswordResetLink(db: DbOrTrx, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_links')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
