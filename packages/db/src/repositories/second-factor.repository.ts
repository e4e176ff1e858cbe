/**
 * The second factor's storage: a user's TOTP secret (pending or confirmed), their recovery codes
 * (hashes), the sign-in challenges between password and code, and which roles require a factor.
 * Single use is the database's: each consuming write only succeeds once.
 */
import type { SystemRole } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export interface SecondFactorRecord {
  secret: string;
  confirmed: boolean;
  lastUsedStep: number | null;
}

export async function findSecondFactor(db: DbOrTrx, userId: number): Promise<SecondFactorRecord | undefined> {
  const row = await db
    .selectFrom('user_second_factors')
    .select(['secret', 'confirmed_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { secret: row.secret, confirmed: row.confirmed_at !== null, lastUsedStep: row.last_used_step };
}

/** Starts (or restarts) an enrolment: a new unconfirmed secret, unless a confirmed factor exists (then false). */
export async function upsertPendingSecondFactor(db: DbOrTrx, userId: number, secret: string): Promise<boolean> {
  const result = await db
    .insertInto('user_second_factors')
    .values({ user_id: userId, secret })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret, last_used_step: null }).where('user_second_factors.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Confirms the pending factor with the time step of its first code; false when none is pending. */
export async function confirmSecondFactor(db: DbOrTrx, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_second_factors')
    .set({ confirmed_at: sql<Date>`now()`, last_used_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records that a code of `step` was used, only if no code of that step or a later one was: the
 * one write that makes a TOTP code single-use, whatever the concurrency or the replica.
 */
export async function claimSecondFactorStep(db: DbOrTrx, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_second_factors')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a user's factor, recovery codes and pending sign-in challenges; true when there was a factor. */
export async function deleteSecondFactor(db: DbOrTrx, userId: number): Promise<boolean> {
  await db.deleteFrom('second_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_second_factors').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Replaces a user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: DbOrTrx, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.deleteFrom('second_factor_recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto('second_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Spends one unused recovery code; false when it is unknown or already spent. */
export async function useRecoveryCode(db: DbOrTrx, userId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('second_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLoginChallenge(db: DbOrTrx, challenge: { id: string; userId: number; expiresAt: Date }): Promise<void> {
  await db
    .deleteFrom('login_challenges')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('login_challenges')
    .values({ id: challenge.id, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

/** Whose sign-in an unexpired challenge continues, without spending it. */
export async function findLoginChallengeUser(db: DbOrTrx, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_challenges')
    .select('user_id')
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends a challenge: true only for the one call that deletes it while unexpired. */
export async function consumeLoginChallenge(db: DbOrTrx, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom('login_challenges')
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user's system role or one of their custom roles requires a second factor. */
export async function roleRequiresSecondFactor(db: DbOrTrx, userId: number, systemRole: SystemRole): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_requirements as r')
    .select('r.id')
    .where((eb) =>
      eb.or([
        eb('r.system_role', '=', systemRole),
        eb('r.custom_role_id', 'in', eb.selectFrom('user_custom_roles').select('role_id').where('user_id', '=', userId)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active members of a role who have no confirmed second factor: those a new requirement stops. */
export async function listMembersWithoutSecondFactor(
  db: DbOrTrx,
  role: { systemRole: SystemRole } | { customRoleId: number },
): Promise<number[]> {
  let query = db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.deactivated_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_second_factors as f')
            .select('f.user_id')
            .whereRef('f.user_id', '=', 'u.id')
            .where('f.confirmed_at', 'is not', null),
        ),
      ),
    );
  query =
    'systemRole' in role
      ? query.where('u.system_role', '=', role.systemRole)
      : query.where('u.id', 'in', (eb) => eb.selectFrom('user_custom_roles').select('user_id').where('role_id', '=', role.customRoleId));
  return (await query.execute()).map((row) => row.id);
}

export interface TwoFactorRequirementRows {
  systemRoles: SystemRole[];
  customRoleIds: number[];
}

export async function listTwoFactorRequirements(db: DbOrTrx): Promise<TwoFactorRequirementRows> {
  const rows = await db.selectFrom('two_factor_requirements').select(['system_role', 'custom_role_id']).orderBy('id').execute();
  return {
    systemRoles: rows.flatMap((row) => (row.system_role ? [row.system_role] : [])),
    customRoleIds: rows.flatMap((row) => (row.custom_role_id !== null ? [row.custom_role_id] : [])),
  };
}

/** Requires (or stops requiring) a second factor for one role: a system role or a custom role's id. */
export async function setTwoFactorRequirement(
  db: DbOrTrx,
  role: { systemRole: SystemRole } | { customRoleId: number },
  required: boolean,
): Promise<void> {
  const match =
    'systemRole' in role
      ? { column: 'system_role' as const, value: role.systemRole }
      : { column: 'custom_role_id' as const, value: role.customRoleId };
  if (!required) {
    await db.deleteFrom('two_factor_requirements').where(match.column, '=', match.value).execute();
    return;
  }
  const values = 'systemRole' in role ? { system_role: role.systemRole } : { custom_role_id: role.customRoleId };
  await db
    .insertInto('two_factor_requirements')
    .values(values)
    .onConflict((oc) => oc.column(match.column).doNothing())
    .execute();
}
