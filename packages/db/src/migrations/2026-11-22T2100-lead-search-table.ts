/**
 * The search keys leave `leads` for a 1:1 side table, lead_search, with the three trigram indexes.
 * A reassignment or a status change cannot be a HOT update (assigned_to and status are in btree
 * indexes), so every row it rewrote also went into the three trigram indexes of leads: about half
 * of a bulk batch's time, and the pending entries it left slowed searches afterwards. Now only a
 * write that changes a search key touches them.
 *
 * Writers do not change: they still write leads.search_text (the domain's normalisation, which the
 * searches apply to the query), and the generated phone_key and the domain come with the row.
 * Triggers copy them into lead_search: per statement for inserts (one set-based insert for an
 * import batch or a COPY), per row for updates that change one of them (edits, merges, an import's
 * 'Actualizar los existentes'), per statement for deletes, and a truncate empties it. No foreign
 * key: the delete trigger removes the rows, and a key would add a check per imported lead.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table lead_search (
    lead_id integer primary key,
    search_text text not null,
    phone_key text,
    domain_key text
  )`.execute(db);
  await sql`insert into lead_search (lead_id, search_text, phone_key, domain_key)
    select id, search_text, phone_key, lower(domain) from leads`.execute(db);
  await sql`create index lead_search_text_trgm_idx on lead_search using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index lead_search_phone_trgm_idx on lead_search using gin (phone_key gin_trgm_ops) where phone_key is not null`.execute(
    db,
  );
  await sql`create index lead_search_domain_trgm_idx on lead_search using gin (domain_key gin_trgm_ops) where domain_key is not null`.execute(
    db,
  );
  await sql`drop index if exists leads_search_text_trgm_idx`.execute(db);
  await sql`drop index if exists leads_phone_key_trgm_idx`.execute(db);
  await sql`drop index if exists leads_domain_trgm_idx`.execute(db);

  await triggerFunction(
    db,
    'lead_search_insert',
    sql`insert into lead_search (lead_id, search_text, phone_key, domain_key)
      select id, search_text, phone_key, lower(domain) from added_leads`,
  );
  await sql`create trigger leads_search_insert after insert on leads referencing new table as added_leads
    for each statement execute function lead_search_insert()`.execute(db);

  await triggerFunction(
    db,
    'lead_search_update',
    sql`update lead_search set search_text = new.search_text, phone_key = new.phone_key, domain_key = lower(new.domain)
      where lead_id = new.id`,
  );
  // phone_key is generated from phone, so a write that changes it names phone.
  await sql`create trigger leads_search_update after update of search_text, phone, domain on leads for each row
    when (old.search_text is distinct from new.search_text or old.phone_key is distinct from new.phone_key
      or old.domain is distinct from new.domain)
    execute function lead_search_update()`.execute(db);

  await triggerFunction(db, 'lead_search_delete', sql`delete from lead_search where lead_id in (select id from removed_leads)`);
  await sql`create trigger leads_search_delete after delete on leads referencing old table as removed_leads
    for each statement execute function lead_search_delete()`.execute(db);

  await triggerFunction(db, 'lead_search_truncate', sql`truncate lead_search`);
  await sql`create trigger leads_search_truncate after truncate on leads
    for each statement execute function lead_search_truncate()`.execute(db);
}

/** An AFTER trigger's function that runs one statement. */
async function triggerFunction(db: AnyDb, name: string, statement: RawBuilder<unknown>): Promise<void> {
  await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
      ${statement};
      return null;
    end $$`.execute(db);
}

const TRIGGERS = [
  ['leads_search_truncate', 'lead_search_truncate'],
  ['leads_search_delete', 'lead_search_delete'],
  ['leads_search_update', 'lead_search_update'],
  ['leads_search_insert', 'lead_search_insert'],
] as const;

export async function down(db: AnyDb): Promise<void> {
  for (const [trigger, fn] of TRIGGERS) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on leads`.execute(db);
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  }
  await sql`drop table if exists lead_search`.execute(db);
  await sql`create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index leads_phone_key_trgm_idx on leads using gin (phone_key gin_trgm_ops) where phone_key is not null`.execute(db);
  await sql`create index leads_domain_trgm_idx on leads using gin (lower(domain) gin_trgm_ops) where domain is not null`.execute(db);
}
