/** Sign-in and sign-out. Transports set and clear the cookie; this decides who may enter. */
import { findUserById, findUserCredentialsByLogin } from '@crm/db';
import { DomainError, LOGIN_MESSAGES, type User, type loginSchema } from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { accountKey, throttledPasswordCheck } from './login-throttle.js';
import { createSession, endSession } from './session.service.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The session the sign-in request came with, if any: rotation ends it. */
  previousSessionId?: string;
}

export async function login(
  ctx: AppContext,
  input: z.output<typeof loginSchema>,
  client: ClientInfo,
): Promise<{ user: User; token: string; expiresAt: Date }> {
  const credentials = await findUserCredentialsByLogin(ctx.db, input.username);
  const key = { accountKey: accountKey(credentials?.id, input.username), ip: client.ip };
  const valid = await throttledPasswordCheck(ctx, key, async () => {
    // An unknown login is verified against a dummy hash, so both failures take the same time.
    const matches = await verifyPassword(credentials?.password_hash ?? (await dummyPasswordHash()), input.password);
    return matches && credentials !== undefined;
  });
  if (!credentials || !valid) throw new DomainError('UNAUTHORIZED', LOGIN_MESSAGES.wrongCredentials);
  const user = await findUserById(ctx.db, credentials.id);
  if (!user) throw new DomainError('UNAUTHORIZED', LOGIN_MESSAGES.wrongCredentials);
  // A new token at every sign-in: a token planted before login is never promoted.
  const session = await createSession(ctx, user.id, { ip: client.ip, userAgent: client.userAgent });
  if (client.previousSessionId) await endSession(ctx, client.previousSessionId);
  return { user, ...session };
}

export async function logout(ctx: AppContext, sessionId: string | undefined): Promise<void> {
  if (sessionId) await endSession(ctx, sessionId);
}

/** The transport's session cookie: set with a token and its expiry, cleared with null. */
export type SessionCookieWriter = (token: string | null, expiresAt?: Date) => void;

/** Signs in and hands the new session to the cookie; the answer is the user. */
export async function signIn(
  ctx: AppContext,
  input: z.output<typeof loginSchema>,
  client: ClientInfo,
  writeCookie: SessionCookieWriter,
): Promise<User> {
  const session = await login(ctx, input, client);
  writeCookie(session.token, session.expiresAt);
  return session.user;
}

/** Ends the caller's session, if any, and clears the cookie in any case. */
export async function signOut(
  ctx: AppContext,
  sessionId: string | undefined,
  writeCookie: SessionCookieWriter,
): Promise<{ message: string }> {
  await logout(ctx, sessionId);
  writeCookie(null);
  return { message: 'Sesión cerrada' };
}
