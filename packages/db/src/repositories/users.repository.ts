/**
 * Users: reads return the domain User DTO (never the hash); writes take snake_case rows.
 * A deleted user is deactivated (deactivated_at set): reads here see only active users unless
 * they say otherwise, while usernames and emails of deactivated users stay taken, so history
 * never points at two people with one name.
 */
import { type User, profileImageUrl } from '@crm/domain';
import { type ExpressionBuilder, type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { Database } from '../database.js';
import type { UsersTable } from '../tables/users.table.js';
import type { DbOrTrx } from '../types.js';

export type UserRow = Selectable<UsersTable> & { avatar_etag: string | null; two_factor_enabled: boolean; team_name: string | null };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    systemRole: row.system_role,
    role: row.system_role,
    teamId: row.team_id,
    teamName: row.team_name,
    phone: row.phone,
    bio: row.bio,
    profileImageUrl: profileImageUrl(row.id, row.avatar_etag),
    createdAt: row.created_at,
    available: row.available,
    twoFactorEnabled: row.two_factor_enabled,
  };
}

/** `two_factor_enabled`: a confirmed second factor guards the user's sign-in. */
function twoFactorEnabled(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .exists(
      eb
        .selectFrom('user_second_factors as f')
        .select('f.user_id')
        .whereRef('f.user_id', '=', 'users.id')
        .where('f.confirmed_at', 'is not', null),
    )
    .$castTo<boolean>()
    .as('two_factor_enabled');
}

function selectUsers(db: DbOrTrx, options: { includeDeactivated?: boolean } = {}) {
  const query = db
    .selectFrom('users')
    .leftJoin('profile_images', 'profile_images.user_id', 'users.id')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .selectAll('users')
    .select(['profile_images.etag as avatar_etag', 'teams.name as team_name'])
    .select(twoFactorEnabled);
  return options.includeDeactivated ? query : query.where('users.deactivated_at', 'is', null);
}

/** An active user; `includeDeactivated` also finds a deactivated one (whose history stays readable). */
export async function findUserById(db: DbOrTrx, id: number, options: { includeDeactivated?: boolean } = {}): Promise<User | undefined> {
  const row = await selectUsers(db, options).where('users.id', '=', id).executeTakeFirst();
  return row && toUserDto(row);
}

/** The row with its password hash and whether a second factor guards it, for sign-in only. */
export async function findUserCredentialsByLogin(db: DbOrTrx, login: string) {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .select(twoFactorEnabled)
    .where('deactivated_at', 'is', null)
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', key), eb(sql<string>`lower(email)`, '=', key)]))
    .executeTakeFirst();
}

export async function findPasswordHash(db: DbOrTrx, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

export async function listUsers(db: DbOrTrx): Promise<User[]> {
  const rows = await selectUsers(db).orderBy('users.created_at', 'asc').orderBy('users.id', 'asc').execute();
  return rows.map(toUserDto);
}

/** Every active user's id and role: whom a service may address by permission (e.g. a live event for those who may read leads). */
export async function listActiveUserRoles(db: DbOrTrx): Promise<{ id: number; systemRole: User['systemRole'] }[]> {
  return db.selectFrom('users').select(['id', 'system_role as systemRole']).where('deactivated_at', 'is', null).execute();
}

export async function countUsers(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Usernames starting with `base`, to pick the next free numeric suffix. */
export async function usernamesLike(db: DbOrTrx, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('username'))
    .where(sql<string>`lower(username)`, 'like', `${base.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
  return rows.map((row) => row.username);
}

export async function emailTaken(db: DbOrTrx, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: DbOrTrx, values: Insertable<UsersTable>): Promise<User> {
  const { id } = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} vanished after insert`);
  return user;
}

export async function updateUser(db: DbOrTrx, id: number, values: Updateable<UsersTable>): Promise<User | undefined> {
  const result = await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return findUserById(db, id);
}

/** Deactivates an active user; false when there was none to deactivate. */
export async function deactivateUser(db: DbOrTrx, id: number, at: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: at, updated_at: at })
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The active administrators, locked until the transaction ends. A role change or deactivation
 * that could remove the last one reads them this way first: two of them running at once queue
 * here, and the second, once the first commits, no longer counts an admin the first demoted
 * or deactivated (PostgreSQL re-checks a locked row's new version against the condition).
 */
export async function lockActiveAdminIds(db: DbOrTrx): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('system_role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Presence for "Activos Hoy": stamped at most once a minute per user by the API. */
export async function touchLastSeen(db: DbOrTrx, id: number, at: Date = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_seen_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}
