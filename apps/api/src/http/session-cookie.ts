/** The session cookie: httpOnly, SameSite=Lax, Secure over https (docs/rest-api.md, Sessions). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../sessions/session.js';

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null, expiresAt?: Date): void {
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  };
  if (token) reply.setCookie(SESSION_COOKIE, token, { ...options, expires: expiresAt });
  else reply.clearCookie(SESSION_COOKIE, options);
}
