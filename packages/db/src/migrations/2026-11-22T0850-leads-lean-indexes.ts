/**
 * Fewer index writes per imported lead: the dedup keys of 0820 replace the raw email / phone
 * indexes, 0840's (assigned_to, status, created_at) covers (assigned_to, status), and the
 * contacter index skips the (many) leads nobody has contacted yet.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_email_lower_idx`.execute(db);
  await sql`drop index if exists leads_phone_idx`.execute(db);
  await sql`drop index if exists leads_assigned_to_idx`.execute(db);
  await sql`drop index if exists leads_contacted_by_idx`.execute(db);
  await sql`create index leads_contacted_by_idx on leads (contacted_by) where contacted_by is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_contacted_by_idx`.execute(db);
  await sql`create index leads_contacted_by_idx on leads (contacted_by)`.execute(db);
  await sql`create index leads_assigned_to_idx on leads (assigned_to, status)`.execute(db);
  await sql`create index leads_phone_idx on leads (phone)`.execute(db);
  await sql`create index leads_email_lower_idx on leads (lower(email))`.execute(db);
}
