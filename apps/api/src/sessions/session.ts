/**
 * Sessions: opaque random tokens in the cookie, only their hash in the database. Every transport
 * (REST, tRPC over HTTP and WebSocket, /ws, bearer tokens) resolves its viewer here, below the
 * feature modules, so none of them depends on a feature.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  deleteSession,
  deleteUserSessions,
  findSession,
  findUserById,
  roleRequiresSecondFactor,
  insertSession,
  SESSION_ABSOLUTE_MS,
  touchLastSeen,
  touchSession,
} from '@crm/db';
import type { User } from '@crm/domain';
import type { AppContext, Viewer } from '../context.js';
import { announceSessionsEnded } from '../live/publish.js';

export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@crm/db';

export const SESSION_COOKIE = 'crm_session';
/** Writing last-seen on every request would be a write per read; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  ctx: AppContext,
  userId: number,
  client: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(16).toString('base64url'); // 128 bits
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await insertSession(ctx.db, { id: hashToken(token), userId, expiresAt, ...client });
  return { token, expiresAt };
}

/** The viewer a cookie token stands for, or undefined when it is unknown or expired. */
export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<Viewer | undefined> {
  if (!token || token.length > 100) return undefined;
  return resolveSessionId(ctx, hashToken(token));
}

/** The same, from the stored session id (a long-lived socket re-checks its session this way). */
export async function resolveSessionId(ctx: AppContext, id: string): Promise<Viewer | undefined> {
  const session = await findSession(ctx.db, id);
  if (!session) return undefined;
  if (!session.valid) {
    await deleteSession(ctx.db, id);
    return undefined;
  }
  const now = Date.now();
  const user = await findUserById(ctx.db, session.userId);
  if (!user) return undefined;
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const at = new Date(now);
    await touchSession(ctx.db, id, at);
    await touchLastSeen(ctx.db, user.id, at);
  }
  return { user, sessionId: id, mustEnrolSecondFactor: await mustEnrolSecondFactor(ctx, user) };
}

/** Ends a session, and at once its live sockets on every replica (call it outside a transaction, so they see the deletion). */
export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  const userId = await deleteSession(ctx.db, sessionId);
  if (userId !== undefined) await announceSessionsEnded(ctx, userId);
}

/** Within the caller's transaction: the caller announces `announceSessionsEnded` once it commits. */
export async function endOtherSessions(ctx: AppContext, userId: number, keepSessionId?: string): Promise<void> {
  await deleteUserSessions(ctx.db, userId, keepSessionId);
}

/** Whether the user must set up a second factor before anything else: a role requires it and they have none. */
export async function mustEnrolSecondFactor(ctx: AppContext, user: User): Promise<boolean> {
  if (user.twoFactorEnabled) return false;
  return roleRequiresSecondFactor(ctx.db, user.id, user.systemRole);
}
