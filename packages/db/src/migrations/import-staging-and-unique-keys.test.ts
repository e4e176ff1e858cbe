import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { migrateTo, migrateToLatest } from './migrator.js';

const BEFORE = '2026-11-26T0900-team-settings-and-calls';

describe('migration 2026-11-27T1000: staged imports out, unique keys in', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateTo(database.db, BEFORE);
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it('normalises stored phones, keeps every duplicate lead (ranked and reported), and retires an interrupted import', async () => {
    const db = database.db;
    await sql`insert into team_settings (country, currency, locale, time_zone, working_days)
      values ('ES', 'EUR', 'es-ES', 'Europe/Madrid', '{1,2,3,4,5}')`.execute(db);
    const { rows: users } = await sql<{ id: number }>`insert into users (username, email, password_hash, first_name, last_name)
      values ('ana', 'ana@x.es', 'x', 'Ana', 'P') returning id`.execute(db);
    const userId = users[0]?.id;
    const { rows: groups } = await sql<{ id: number }>`insert into lead_groups (name, created_by, staged)
      values ('A medias', ${userId}, true) returning id`.execute(db);
    const stagedGroup = groups[0]?.id;
    await sql`insert into import_jobs (created_by, file_name, file_size, source, status, group_id)
      values (${userId}, 'a.csv', 1, '{}', 'running', ${stagedGroup})`.execute(db);
    const { rows: leads } = await sql<{ id: number }>`insert into leads (name, category, email, phone, search_text) values
      ('Primero', 'otros', 'dup@x.es', '612 345 987', 'primero'),
      ('Mismo email', 'otros', 'DUP@x.es', null, 'mismo'),
      ('Mismo teléfono, otra forma', 'otros', null, '+34612345987', 'mismo'),
      ('No es un teléfono', 'otros', null, 'llamar por la tarde', 'nada')
      returning id`.execute(db);
    const [first, sameEmail, samePhone, notAPhone] = leads.map((lead) => lead.id);

    await migrateToLatest(db);

    const { rows: after } = await sql<{ id: number; phone: string | null; email_key_rank: number; phone_key_rank: number }>`
      select id, phone, email_key_rank, phone_key_rank from leads order by id`.execute(db);
    expect(after).toEqual([
      { id: first, phone: '+34612345987', email_key_rank: 0, phone_key_rank: 0 },
      { id: sameEmail, phone: null, email_key_rank: 1, phone_key_rank: 0 },
      { id: samePhone, phone: '+34612345987', email_key_rank: 0, phone_key_rank: 1 },
      { id: notAPhone, phone: 'llamar por la tarde', email_key_rank: 0, phone_key_rank: 0 },
    ]);
    const { rows: reported } = await sql`select lead_id, kept_lead_id, key from lead_key_duplicates order by key`.execute(db);
    expect(reported).toEqual([
      { lead_id: sameEmail, kept_lead_id: first, key: 'email' },
      { lead_id: samePhone, kept_lead_id: first, key: 'phone' },
    ]);
    const { rows: job } = await sql`select status, group_id from import_jobs`.execute(db);
    expect(job).toEqual([{ status: 'failed', group_id: null }]);
    const { rows: group } = await sql<{
      deleted: boolean;
    }>`select deleted_at is not null as deleted from lead_groups where id = ${stagedGroup}`.execute(db);
    expect(group).toEqual([{ deleted: true }]);
    // From now on the database refuses a new lead with a key an existing one has.
    await expect(
      sql`insert into leads (name, category, email, search_text) values ('Otro', 'otros', 'dup@X.es', 'otro')`.execute(db),
    ).rejects.toThrow(/leads_email_key_unique/);
  });
});
