import { leadEmailKey, leadPhoneKey, searchTermsOf } from '@crm/domain';
import { EVERY_LEAD } from './lead-visibility.repository.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { bulkDelete, bulkSetAssignee, bulkSetStatus } from './lead-bulk.repository.js';
import { insertLeadGroup, markLeadGroupDeleted } from './lead-groups.repository.js';
import { countLeads, decodeLeadCursor, encodeLeadCursor, findLeadRow, insertLead, listLeads, updateLeadRow } from './leads.repository.js';
import { searchLeads } from './search.repository.js';

describe('leads repository', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  it('generates email and phone keys exactly as the domain computes them', async () => {
    const samples: [string | null, string | null][] = [
      ['  Ana.López@Clinica.ES ', '+34 (612) 34-56-78'],
      ['', '12-34'],
      [null, 'sin teléfono'],
      ['x@y.es', '  612345678  '],
    ];
    for (const [email, phone] of samples) {
      const id = await insertLead(database.db, { name: 'Clave', category: 'otros', email, phone });
      const row = await database.db.selectFrom('leads').select(['email_key', 'phone_key']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email_key: leadEmailKey(email), phone_key: leadPhoneKey(phone) });
    }
  });

  it('keeps lead_search a copy of the search keys through inserts, edits and deletes, untouched by assignments and status', async () => {
    const ids = [
      await insertLead(database.db, {
        name: 'Copia Núñez',
        category: 'otros',
        email: 'copia@nunez.es',
        phone: '955 404 111',
        domain: 'Nunez.ES',
      }),
      await insertLead(database.db, { name: 'Copia Sol', category: 'otros' }),
      await insertLead(database.db, { name: 'Copia Tres', category: 'otros', email: 'copia@tres.es', phone: '612 404 333' }),
      await insertLead(database.db, { name: 'Copia Uno', category: 'otros', phone: '+34 600 404 200' }),
    ];
    const [edited = 0, domainOnly = 0, , single = 0] = ids;
    const copies = async () => {
      const { rows: expected } = await sql<{ lead_id: number; search_text: string; phone_key: string | null; domain_key: string | null }>`
        select id as lead_id, search_text, phone_key, lower(domain) as domain_key from leads where id = any(${ids}::int[]) order by id`.execute(
        database.db,
      );
      const held = await database.db.selectFrom('lead_search').selectAll().where('lead_id', 'in', ids).orderBy('lead_id').execute();
      return { expected, held };
    };
    const positions = () =>
      database.db
        .selectFrom('lead_search')
        .select(sql<string>`ctid::text`.as('ctid'))
        .where('lead_id', 'in', ids)
        .orderBy('lead_id')
        .execute();
    let { expected, held } = await copies();
    expect(held).toHaveLength(4);
    expect(held).toEqual(expected);

    const current = await findLeadRow(database.db, edited, EVERY_LEAD);
    if (!current) throw new Error('falta el lead');
    await updateLeadRow(database.db, current, { name: 'Copia Peña', phone: '611 404 333', domain: 'pena.es' });
    await database.db.updateTable('leads').set({ domain: 'sol.es' }).where('id', '=', domainOnly).execute();
    ({ expected, held } = await copies());
    expect(held).toEqual(expected);
    expect(held[0]).toEqual({ lead_id: edited, search_text: 'copia pena copia@nunez.es', phone_key: '611404333', domain_key: 'pena.es' });

    // An assignment or a status change does not rewrite a lead_search row (same physical place).
    const before = await positions();
    const user = await database.db
      .insertInto('users')
      .values({ username: 'copia', email: 'copia@x.es', password_hash: 'x', first_name: 'Co', last_name: 'Pia', system_role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bulkSetAssignee(database.db, ids, user.id);
    await bulkSetStatus(database.db, ids, { status: 'interesado', actorId: user.id, reach: { kind: 'any' } });
    expect(await positions()).toEqual(before);

    await bulkDelete(database.db, [domainOnly, single]);
    ({ expected, held } = await copies());
    expect(held.map((entry) => entry.lead_id)).toEqual(expected.map((entry) => entry.lead_id));
    expect(held).toHaveLength(2);

    // seed --force empties leads with a truncate: lead_search follows (rolled back, the other tests keep their leads).
    const emptied = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`truncate leads cascade`.execute(trx);
        const count = await trx
          .selectFrom('lead_search')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        throw Object.assign(new Error('rollback'), { count: Number(count.n) });
      })
      .catch((error: { count?: number }) => error.count);
    expect(emptied).toBe(0);
  });

  it('leaves the leads of a group being deleted out of every list, count and search at once', async () => {
    const creator = await database.db
      .insertInto('users')
      .values({ username: 'borra', email: 'borra@x.es', password_hash: 'x', first_name: 'Bo', last_name: 'Rra', system_role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groupId = await insertLeadGroup(database.db, {
      name: 'Feria borrada',
      description: null,
      assignedRoleId: null,
      createdBy: creator.id,
    });
    for (const name of ['Borrable uno', 'Borrable dos']) {
      await insertLead(database.db, { name, category: 'otros', group_id: groupId });
    }
    expect(await countLeads(database.db, { reader: EVERY_LEAD, q: 'borrable' })).toBe(2);

    // The deletion sweep has not run yet: the leads still exist, and nobody sees them.
    expect(await markLeadGroupDeleted(database.db, groupId)).toEqual({ deletedLeads: 2 });
    expect(await countLeads(database.db, { reader: EVERY_LEAD, q: 'borrable' })).toBe(0);
    expect(await countLeads(database.db, { reader: EVERY_LEAD, groupId })).toBe(0);
    expect((await listLeads(database.db, { reader: EVERY_LEAD, view: 'contacted', q: 'borrable' })).items).toEqual([]);
    expect((await listLeads(database.db, { reader: EVERY_LEAD, groupId })).items).toEqual([]);
    expect(await searchLeads(database.db, searchTermsOf('borrable'), 5, EVERY_LEAD)).toEqual([]);
    const stored = await database.db.selectFrom('leads').select('id').where('group_id', '=', groupId).execute();
    expect(stored).toHaveLength(2);
  });

  it('finds an older match in search when the newest fifty matches are all in a group being deleted', async () => {
    const creator = await database.db
      .insertInto('users')
      .values({
        username: 'importa',
        email: 'importa@x.es',
        password_hash: 'x',
        first_name: 'Im',
        last_name: 'Porta',
        system_role: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visible = await insertLead(database.db, { name: 'Ferretería Quintana', category: 'otros' });
    const deleting = await insertLeadGroup(database.db, {
      name: 'Borrándose',
      description: null,
      assignedRoleId: null,
      createdBy: creator.id,
    });
    await database.db
      .insertInto('leads')
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          name: `Quintana importada ${index}`,
          category: 'otros',
          group_id: deleting,
          search_text: `quintana importada ${index}`,
        })),
      )
      .execute();
    await markLeadGroupDeleted(database.db, deleting);
    expect((await searchLeads(database.db, searchTermsOf('quintana'), 5, EVERY_LEAD)).map((lead) => lead.id)).toEqual([visible]);
  });

  it('takes % and _ in a search literally', async () => {
    await insertLead(database.db, { name: 'Cien_por_cien 100%', category: 'otros' });
    expect((await listLeads(database.db, { reader: EVERY_LEAD, q: '100%' })).items.map((lead) => lead.name)).toEqual([
      'Cien_por_cien 100%',
    ]);
    expect(await countLeads(database.db, { reader: EVERY_LEAD, q: 'n_p' })).toBe(1);
    expect(await countLeads(database.db, { reader: EVERY_LEAD, q: '%' })).toBe(1);
  });

  it('pages leads created in the same instant without gaps, microseconds included', async () => {
    await database.db
      .insertInto('leads')
      .values(
        Array.from({ length: 5 }, (_, index) => ({ name: `Mismo instante ${index}`, category: 'otros', search_text: 'mismo instante' })),
      )
      .execute();
    const seen: string[] = [];
    let cursor = undefined;
    do {
      const page: Awaited<ReturnType<typeof listLeads>> = await listLeads(
        database.db,
        { reader: EVERY_LEAD, q: 'mismo instante' },
        { limit: 2, cursor },
      );
      seen.push(...page.items.map((lead) => lead.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((index) => `Mismo instante ${index}`));
  });

  it('reads back only cursors it wrote, and only for the sort they were written for', () => {
    const cursor = { sort: 'createdAt:desc', segment: 'value', value: '2026-11-22 08:00:00.123456+00', id: 7 } as const;
    expect(decodeLeadCursor(encodeLeadCursor(cursor), 'createdAt:desc')).toEqual(cursor);
    expect(decodeLeadCursor(encodeLeadCursor(cursor), 'createdAt:asc')).toBeUndefined();
    const missing = { sort: 'nextFollowUp:asc', segment: 'missing', value: null, id: 3 } as const;
    expect(decodeLeadCursor(encodeLeadCursor(missing), 'nextFollowUp:asc')).toEqual(missing);
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      '',
      'xyz',
      encoded([1, 2]),
      encoded(['createdAt:desc', 0, 'ayer', 1]),
      encoded(['createdAt:desc', 0, '2026-02-31 10:00:00+00', 1]),
      encoded(['createdAt:desc', 0, '2026-11-22 25:00:00+00', 1]),
      encoded(['createdAt:desc', 0, '2026-11-22 10:00:00+00', 2_147_483_648]),
      encoded(['createdAt:desc', 0, '2026-11-22 10:00:00+00', 1.5]),
      // Leads always have a creation date: there is no 'missing' segment to resume in.
      encoded(['createdAt:desc', 1, null, 1]),
      encoded(['createdAt:desc', 2, '2026-11-22 10:00:00+00', 1]),
    ];
    for (const text of bad) {
      expect(decodeLeadCursor(text, 'createdAt:desc')).toBeUndefined();
    }
    expect(decodeLeadCursor(encoded(['status:asc', 0, 'nuevo', 1]), 'status:asc')).toBeUndefined();
  });
});
