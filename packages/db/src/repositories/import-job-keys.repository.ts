/**
 * An import's memory of the dedup keys its rows already used, kept in the database so it stays
 * bounded whatever the file's size: the keys of the rows it inserted are its staged group's leads;
 * the keys of the rows that matched a lead outside it (skipped as duplicates, or updating it) are
 * remembered in import_job_keys until the job ends.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

/** Of these email and phone keys, the ones an earlier row of the import had. */
export async function findImportKeysSeen(
  db: DbOrTrx,
  job: { jobId: number; groupId: number },
  keys: { emails: readonly string[]; phones: readonly string[] },
): Promise<Set<string>> {
  if (keys.emails.length === 0 && keys.phones.length === 0) return new Set();
  const { rows } = await sql<{ key: string }>`
    select k.key from unnest(${keys.emails}::text[]) as k(key)
    where exists (select 1 from leads where leads.email_key = k.key and leads.group_id = ${job.groupId})
      or exists (select 1 from import_job_keys seen where seen.job_id = ${job.jobId} and seen.key = k.key)
    union all
    select k.key from unnest(${keys.phones}::text[]) as k(key)
    where exists (select 1 from leads where leads.phone_key = k.key and leads.group_id = ${job.groupId})
      or exists (select 1 from import_job_keys seen where seen.job_id = ${job.jobId} and seen.key = k.key)`.execute(db);
  return new Set(rows.map((row) => row.key));
}

/** Remembers the keys of rows that matched a lead outside the import (an email key has an '@', a phone key never). */
export async function rememberImportKeys(db: DbOrTrx, jobId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`insert into import_job_keys (job_id, key) select ${jobId}, key from unnest(${keys}::text[]) as k(key)
    on conflict do nothing`.execute(db);
}

/** Forgets up to `limit` of the job's keys once every row is written; answers how many went (0: none left). */
export async function forgetImportKeys(db: DbOrTrx, jobId: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('import_job_keys')
    .where('job_id', '=', jobId)
    .where('key', 'in', (eb) => eb.selectFrom('import_job_keys').select('key').where('job_id', '=', jobId).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
