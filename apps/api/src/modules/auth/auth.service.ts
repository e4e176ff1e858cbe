/** Sign-in and sign-out. Transports set and clear the cookie; this decides who may enter. */
import { randomBytes } from 'node:crypto';
import { consumeLoginChallenge, findLoginChallengeUser, findUserById, findUserCredentialsByLogin, insertLoginChallenge } from '@crm/db';
import {
  DomainError,
  LOGIN_MESSAGES,
  type LoginChallenge,
  type loginSchema,
  type loginSecondFactorSchema,
  TWO_FACTOR_MESSAGES,
  type User,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { accountKey, throttledPasswordCheck } from './login-throttle.js';
import { createSession, endSession, hashToken } from '../../sessions/session.js';
import { spendSecondFactorCode } from './two-factor.service.js';

/** Long enough to open the app and type a code, short enough that a stolen challenge is soon worthless. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The session the sign-in request came with, if any: rotation ends it. */
  previousSessionId?: string;
}

interface SignedIn {
  user: User;
  token: string;
  expiresAt: Date;
}

/**
 * The password step. A user without a second factor is signed in; one with it gets no session:
 * a Spanish 401 carrying a single-use challenge for POST /api/login/2fa (docs/rest-api.md).
 */
async function login(ctx: AppContext, input: z.output<typeof loginSchema>, client: ClientInfo): Promise<SignedIn> {
  const credentials = await findUserCredentialsByLogin(ctx.db, input.username);
  const key = { accountKey: accountKey(credentials?.id, input.username), ip: client.ip };
  const valid = await throttledPasswordCheck(
    ctx,
    key,
    async () => {
      // An unknown login is verified against a dummy hash, so both failures take the same time.
      const matches = await verifyPassword(credentials?.password_hash ?? (await dummyPasswordHash()), input.password);
      return matches && credentials !== undefined;
    },
    { rightIsHalfway: credentials?.two_factor_enabled === true },
  );
  if (!credentials || !valid) throw new DomainError('UNAUTHORIZED', LOGIN_MESSAGES.wrongCredentials);
  const user = await findUserById(ctx.db, credentials.id);
  if (!user) throw new DomainError('UNAUTHORIZED', LOGIN_MESSAGES.wrongCredentials);
  if (user.twoFactorEnabled) throw await secondFactorChallenge(ctx, user.id);
  return startSession(ctx, user, client);
}

async function secondFactorChallenge(ctx: AppContext, userId: number): Promise<DomainError> {
  const challenge = randomBytes(16).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await insertLoginChallenge(ctx.db, { id: hashToken(challenge), userId, expiresAt });
  const details: Omit<LoginChallenge, 'message'> = { secondFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() };
  return new DomainError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.codeRequired, undefined, details);
}

/**
 * The code step: a TOTP or recovery code for the challenge's user, counted by the same throttle
 * as passwords (a wrong code is a wrong attempt). A right code spends the challenge and signs in.
 */
async function loginWithSecondFactor(
  ctx: AppContext,
  input: z.output<typeof loginSecondFactorSchema>,
  client: ClientInfo,
): Promise<SignedIn> {
  const challengeId = hashToken(input.challenge);
  const userId = await findLoginChallengeUser(ctx.db, challengeId);
  if (userId === undefined) throw new DomainError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.challengeExpired);
  const right = await throttledPasswordCheck(ctx, { accountKey: accountKey(userId), ip: client.ip }, () =>
    spendSecondFactorCode(ctx, userId, input.code),
  );
  if (!right) throw new DomainError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.wrongCode);
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await consumeLoginChallenge(ctx.db, challengeId))) {
    throw new DomainError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.challengeExpired);
  }
  return startSession(ctx, user, client);
}

async function startSession(ctx: AppContext, user: User, client: ClientInfo): Promise<SignedIn> {
  // A new token at every sign-in: a token planted before login is never promoted.
  const session = await createSession(ctx, user.id, { ip: client.ip, userAgent: client.userAgent });
  if (client.previousSessionId) await endSession(ctx, client.previousSessionId);
  return { user, ...session };
}

async function logout(ctx: AppContext, sessionId: string | undefined): Promise<void> {
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

/** The second step of a sign-in with a second factor: the code, then the session and its cookie. */
export async function signInWithSecondFactor(
  ctx: AppContext,
  input: z.output<typeof loginSecondFactorSchema>,
  client: ClientInfo,
  writeCookie: SessionCookieWriter,
): Promise<User> {
  const session = await loginWithSecondFactor(ctx, input, client);
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
