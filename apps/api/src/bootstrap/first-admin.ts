/**
 * On a start that finds no user, creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD /
 * ADMIN_EMAIL, or 'admin' with a random password printed once; never a fixed password.
 */
import { randomBytes } from 'node:crypto';
import { countUsers, insertUser, lockFirstAdminCreation } from '@crm/db';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/auth/password.js';

export async function ensureFirstAdmin(ctx: AppContext): Promise<{ username: string; password?: string } | null> {
  if ((await countUsers(ctx.db)) > 0) return null;
  const username = ctx.env.ADMIN_USERNAME ?? 'admin';
  const generated = ctx.env.ADMIN_PASSWORD === undefined;
  const password = ctx.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Replicas starting together on an empty database: the lock lets exactly one create the admin.
  const created = await ctx.db.transaction().execute(async (trx) => {
    await lockFirstAdminCreation(trx);
    if ((await countUsers(trx)) > 0) return false;
    await insertUser(trx, {
      username,
      email: ctx.env.ADMIN_EMAIL ?? null,
      password_hash: passwordHash,
      first_name: 'Administrador',
      last_name: 'Principal',
      system_role: 'admin',
    });
    return true;
  });
  return created ? { username, password: generated ? password : undefined } : null;
}
