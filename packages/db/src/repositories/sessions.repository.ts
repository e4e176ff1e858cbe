/** Server-side sessions, keyed by the hash of the cookie token, and the one rule of when a session is valid. */
import { type ExpressionBuilder, type ExpressionWrapper, type SqlBool, sql } from 'kysely';
import type { Database } from '../database.js';
import type { DbOrTrx } from '../types.js';

/** Idle: a week without any request ends the session. Absolute: 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The one definition of a valid session, by the database clock: before its absolute expiry
 * and used within the idle limit. Every query that trusts a session (a request, a chat
 * send, a live connection's check) filters with it.
 */
export function whereSessionValid(eb: ExpressionBuilder<Database, 'sessions'>): ExpressionWrapper<Database, 'sessions', SqlBool> {
  return eb.and([
    eb('sessions.expires_at', '>', sql<Date>`now()`),
    eb('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`),
  ]);
}

export interface SessionRecord {
  id: string;
  userId: number;
  lastSeenAt: Date;
  /** False once idle too long or past its absolute expiry: the row is then only waiting to be deleted. */
  valid: boolean;
}

export async function insertSession(
  db: DbOrTrx,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findSession(db: DbOrTrx, id: string): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => ['id', 'user_id', 'last_seen_at', whereSessionValid(eb).as('valid')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, lastSeenAt: row.last_seen_at, valid: row.valid === true };
}

/** Which of these sessions are still valid: live connections of the others are ended. */
export async function listValidSessionIds(db: DbOrTrx, sessionIds: readonly string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    // One array parameter rather than one per id: a replica may hold thousands of sessions.
    .where('id', '=', sql<string>`any(${[...sessionIds]}::text[])`)
    .where(whereSessionValid)
    .execute();
  return rows.map((row) => row.id);
}

export async function touchSession(db: DbOrTrx, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Deletes one session; returns whose it was, if it existed. */
export async function deleteSession(db: DbOrTrx, id: string): Promise<number | undefined> {
  const row = await db.deleteFrom('sessions').where('id', '=', id).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

/** Ends every session of a user, optionally keeping one (the caller's own). */
export async function deleteUserSessions(db: DbOrTrx, userId: number, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes up to `limit` sessions that are no longer valid and returns how many. Bounded so
 * it never holds the embedded database for long; safe for every replica to run at once (a
 * row another replica deleted first is simply not deleted twice).
 */
export async function deleteExpiredSessions(db: DbOrTrx, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((inner) => inner.not(whereSessionValid(inner)))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
