/**
 * Issue 26: a submission's follow-up (distribution, notification, webhooks, live update) runs after
 * its commit on the job queue; the flag says it has not run yet, so a retried job does it only once.
 * Submissions made before this release were followed up already.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table web_form_submissions add column awaiting_follow_up boolean not null default false`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table web_form_submissions drop column if exists awaiting_follow_up`.execute(db);
}
