/**
 * API tokens: stored by the hash of their secret, listed without it, revoked by a date. Using one
 * (the hot path of every token request) is one statement: find it, count the request in its
 * one-minute window and, at most once a minute, record when and from where it was last used.
 */
import type { ApiToken, ApiTokenScope } from '@crm/domain';
import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type ExpressionWrapper, type SqlBool, sql } from 'kysely';
import type { Database } from '../database.js';
import type { DbOrTrx } from '../types.js';
import { personNameSql } from './person-name.js';

/** Recording the last use on every request would be a write per read; once a minute is enough. */
const LAST_USE_INTERVAL_SECONDS = 60;
/** The admin's list of everyone's tokens is bounded like every list (20 active per person). */
const LIST_LIMIT = 2000;

function selectTokens(db: DbOrTrx) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scope',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'users.id as owner_id',
      personNameSql('users').as('owner_name'),
    ]);
}

/** The one definition of a token that works, by the database clock: not revoked, not expired. */
export function whereApiTokenValid(eb: ExpressionBuilder<Database, 'api_tokens'>): ExpressionWrapper<Database, 'api_tokens', SqlBool> {
  return eb.and([
    eb('api_tokens.revoked_at', 'is', null),
    eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', sql<Date>`now()`)]),
  ]);
}

/** Whether this token of this user still works (a write that checked it in its own statement and failed asks why). */
export async function isApiTokenValid(db: DbOrTrx, id: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('api_tokens')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where(whereApiTokenValid)
    .executeTakeFirst();
  return row !== undefined;
}

/** Only this hash of a secret is stored or looked up: a copy of the table gives no working token. */
export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    owner: { id: row.owner_id, name: row.owner_name },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
  };
}

/** Tokens not revoked (expired ones included, marked by their date) of active users, newest first; one owner's, or everyone's. */
export async function listApiTokens(db: DbOrTrx, filter: { userId?: number }): Promise<ApiToken[]> {
  const { userId } = filter;
  const rows = await selectTokens(db)
    .where('api_tokens.revoked_at', 'is', null)
    // A deactivated user's tokens work no more: they are nobody's to manage.
    .where('users.deactivated_at', 'is', null)
    .$if(userId !== undefined, (query) => query.where('api_tokens.user_id', '=', userId ?? 0))
    .orderBy('api_tokens.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(toApiToken);
}

/** Tokens that still work: not revoked, not expired. */
export async function countActiveApiTokens(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where(whereApiTokenValid)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops a person's revoked and expired tokens, so their rows stay bounded by the active limit. */
export async function deleteSpentApiTokens(db: DbOrTrx, userId: number): Promise<void> {
  await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)]))
    .execute();
}

export async function insertApiToken(
  db: DbOrTrx,
  values: { userId: number; name: string; secret: string; scope: ApiTokenScope; expiresAt: Date | null },
): Promise<ApiToken> {
  const { id } = await db
    .insertInto('api_tokens')
    .values({
      user_id: values.userId,
      name: values.name,
      token_hash: hashApiTokenSecret(values.secret),
      scope: values.scope,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await selectTokens(db).where('api_tokens.id', '=', id).executeTakeFirstOrThrow();
  return toApiToken(row);
}

/** Revokes a token not yet revoked (of `ownerId` only, when given); false when there is none such. */
export async function revokeApiToken(db: DbOrTrx, id: number, ownerId?: number): Promise<boolean> {
  let query = db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ApiTokenUse {
  id: number;
  userId: number;
  scope: ApiTokenScope;
  /** Requests counted in the current one-minute window, this one included. */
  used: number;
  /** Seconds until the window ends (1 to 60). */
  resetSeconds: number;
}

/**
 * A request made with this secret: undefined when no such token works (unknown, revoked,
 * expired). Counts the request in the token's fixed one-minute window (the upsert locks the row, so
 * concurrent requests on every replica count exactly) and records its last use when the recorded
 * one is over a minute old.
 */
export async function useApiToken(db: DbOrTrx, secret: string, ip: string): Promise<ApiTokenUse | undefined> {
  const result = await sql<{ id: number; user_id: number; scope: ApiTokenScope; used: number; reset_seconds: number }>`
    with token as (
      select id, user_id, scope, last_used_at from api_tokens
      where token_hash = ${hashApiTokenSecret(secret)} and revoked_at is null and (expires_at is null or expires_at > now())
    ),
    touched as (
      update api_tokens t set last_used_at = now(), last_used_ip = ${ip}
      from token
      where t.id = token.id
        and (token.last_used_at is null or token.last_used_at < now() - make_interval(secs => ${LAST_USE_INTERVAL_SECONDS}))
    ),
    counted as (
      insert into api_token_usage as u (token_id, window_start, used)
      select id, date_trunc('minute', now()), 1 from token
      on conflict (token_id) do update
        set used = case when u.window_start = excluded.window_start then u.used + 1 else 1 end,
            window_start = excluded.window_start
      returning used, window_start
    )
    select token.id, token.user_id, token.scope, counted.used,
      ceil(extract(epoch from counted.window_start + interval '1 minute' - now()))::integer as reset_seconds
    from token, counted`.execute(db);
  const row = result.rows[0];
  return row && { id: row.id, userId: row.user_id, scope: row.scope, used: row.used, resetSeconds: Math.max(1, row.reset_seconds) };
}
