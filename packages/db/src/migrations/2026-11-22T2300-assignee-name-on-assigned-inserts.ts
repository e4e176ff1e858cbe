/**
 * The assignee-name trigger of 1900 ran its PL/pgSQL function (and a lookup in users) for every
 * inserted lead, also for the unassigned ones, whose assignee_name is null anyway: about 40 µs a
 * row on the embedded database, a fifth of an import's insert. An insert now runs it only when it
 * names an assignee; an update of assigned_to still runs it always, so clearing the assignee
 * clears the name.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop trigger leads_assignee_name on leads`.execute(db);
  await sql`create trigger leads_assignee_name_on_insert before insert on leads for each row
    when (new.assigned_to is not null) execute function leads_set_assignee_name()`.execute(db);
  // Fires on every write that names assigned_to, the foreign key's 'on delete set null' included.
  await sql`create trigger leads_assignee_name_on_update before update of assigned_to on leads
    for each row execute function leads_set_assignee_name()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists leads_assignee_name_on_update on leads`.execute(db);
  await sql`drop trigger if exists leads_assignee_name_on_insert on leads`.execute(db);
  await sql`create trigger leads_assignee_name before insert or update of assigned_to on leads
    for each row execute function leads_set_assignee_name()`.execute(db);
}
