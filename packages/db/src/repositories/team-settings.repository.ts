/** The team settings row (none until an admin saves them) and the set-based re-read of stored phones. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export interface StoredTeamSettings {
  country: string;
  currency: string;
  locale: string;
  timeZone: string;
  workingDays: number[];
  /** '1500.00' */
  valuePerConversion: string;
}

export async function findTeamSettings(db: DbOrTrx): Promise<StoredTeamSettings | undefined> {
  const row = await db.selectFrom('team_settings').selectAll().executeTakeFirst();
  return (
    row && {
      country: row.country,
      currency: row.currency,
      locale: row.locale,
      timeZone: row.time_zone,
      workingDays: row.working_days,
      valuePerConversion: row.value_per_conversion,
    }
  );
}

/**
 * Writes the one row. Inside the caller's transaction its row lock orders concurrent saves: the
 * second waits for the first to commit, and then re-reads phones the first already rewrote.
 */
export async function saveTeamSettings(db: DbOrTrx, settings: StoredTeamSettings, updatedBy: number): Promise<void> {
  const values = {
    country: settings.country,
    currency: settings.currency,
    locale: settings.locale,
    time_zone: settings.timeZone,
    working_days: settings.workingDays,
    value_per_conversion: settings.valuePerConversion,
    updated_by: updatedBy,
    updated_at: new Date(),
  };
  await db
    .insertInto('team_settings')
    .values({ id: true, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** A page (by id) of the stored phones typed without a country code: the ones a new country may read. */
export async function listPhonesWithoutCountryCode(db: DbOrTrx, afterId: number, limit: number): Promise<{ id: number; phone: string }[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'phone'])
    .where('phone', 'is not', null)
    .where(sql<boolean>`left(ltrim(phone), 1) <> '+'`)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.phone === null ? [] : [{ id: row.id, phone: row.phone }]));
}

/** Rewrites many leads' phones in one statement (each lead's new value beside its id). */
export async function rewriteLeadPhones(db: DbOrTrx, changes: readonly { id: number; phone: string }[]): Promise<number> {
  if (changes.length === 0) return 0;
  const result = await sql`
    update leads set phone = changed.phone, updated_at = now()
    from unnest(${changes.map((change) => change.id)}::int[], ${changes.map((change) => change.phone)}::text[]) as changed (id, phone)
    where leads.id = changed.id`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The first admin still active (the one the setup dialog is offered to): the lowest id. */
export async function findFirstActiveAdminId(db: DbOrTrx): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('system_role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
