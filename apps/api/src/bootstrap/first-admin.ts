/** On a start that finds no user, creates the first admin (CONTRACT §1); never a fixed password. */
import { randomBytes } from 'node:crypto';
import { countUsers, insertUser } from '@crm/db';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/auth/password.js';

export async function ensureFirstAdmin(ctx: AppContext): Promise<{ username: string; password?: string } | null> {
  if ((await countUsers(ctx.db)) > 0) return null;
  const username = ctx.env.ADMIN_USERNAME ?? 'admin';
  const generated = ctx.env.ADMIN_PASSWORD === undefined;
  const password = ctx.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await insertUser(ctx.db, {
    username,
    email: ctx.env.ADMIN_EMAIL ?? null,
    password_hash: await hashPassword(password),
    first_name: 'Administrador',
    last_name: 'Principal',
    system_role: 'admin',
  });
  return { username, password: generated ? password : undefined };
}
