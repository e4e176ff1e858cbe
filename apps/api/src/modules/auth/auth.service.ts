/** Sign-in and sign-out. Transports set and clear the cookie; this decides who may enter. */
import { clearFailedLogins, findUserById, findUserCredentialsByLogin } from '@crm/db';
import { DomainError, LOGIN_MESSAGES, type User, type loginSchema } from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { assertNotThrottled, noteFailedLogin, usernameKey } from './login-throttle.js';
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
  await assertNotThrottled(ctx, input.username, client.ip);
  const credentials = await findUserCredentialsByLogin(ctx.db, input.username);
  const valid = await verifyPassword(credentials?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!credentials || !valid) {
    await noteFailedLogin(ctx, input.username, client.ip);
    throw new DomainError('UNAUTHORIZED', LOGIN_MESSAGES.wrongCredentials);
  }
  await clearFailedLogins(ctx.db, usernameKey(input.username));
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
