/**
 * Password reset without email: an admin creates a one-time link (24 h) and hands it over; the
 * person sets a new password on /restablecer/{token}, which ends all their sessions. Only the
 * token's hash is stored.
 */
import { randomBytes } from 'node:crypto';
import { consumePasswordResetLink, findUsablePasswordResetLink, findUserById, insertPasswordResetLink, updateUser } from '@crm/db';
import {
  DomainError,
  type PasswordResetLink,
  type PasswordResetLinkInfo,
  type passwordResetSchema,
  TWO_FACTOR_MESSAGES,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../context.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { hashPassword } from './password.js';
import { recordSecurityEvent } from './security-events.js';
import { endOtherSessions, hashToken } from '../../sessions/session.js';

const PASSWORD_RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The web app's page for the link (apps/web router). */
const PASSWORD_RESET_PATH = '/restablecer/';

export async function createPasswordResetLink(
  ctx: ServiceContext,
  userId: number,
  client: { ip: string; origin: string },
): Promise<PasswordResetLink> {
  if (!(await findUserById(ctx.db, userId))) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_LINK_TTL_MS);
  await insertPasswordResetLink(ctx.db, { id: hashToken(token), userId, createdBy: ctx.viewer.user.id, expiresAt });
  await recordSecurityEvent(ctx, {
    action: 'password_reset_link_created',
    actorId: ctx.viewer.user.id,
    targetUserId: userId,
    ip: client.ip,
  });
  return { url: `${client.origin}${PASSWORD_RESET_PATH}${token}`, expiresAt };
}

/** Whom a link is for while it is usable; an unknown, used or expired one is the same Spanish 400. */
export async function inspectPasswordResetLink(ctx: AppContext, token: string): Promise<PasswordResetLinkInfo> {
  const link = await findUsablePasswordResetLink(ctx.db, hashToken(token));
  if (!link) throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.resetLinkInvalid);
  return { username: link.username, expiresAt: link.expiresAt };
}

/** Spends the link, sets the password and ends every session of the person: all or nothing. */
export async function resetPasswordByLink(
  ctx: AppContext,
  input: z.output<typeof passwordResetSchema>,
  client: { ip: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const owner = await consumePasswordResetLink(trx, hashToken(input.token));
    if (owner === undefined || !(await updateUser(trx, owner, { password_hash: passwordHash }))) {
      throw new DomainError('BAD_REQUEST', TWO_FACTOR_MESSAGES.resetLinkInvalid);
    }
    await endOtherSessions({ ...ctx, db: trx }, owner);
    return owner;
  });
  await announceSessionsEnded(ctx, userId);
  await recordSecurityEvent(ctx, { action: 'password_reset_by_link', targetUserId: userId, ip: client.ip });
}
