import { type LeadSort, leadEmailKey, leadPhoneKey, searchTermsOf } from '@crm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import type { Db, DbOrTrx } from '../types.js';
import { insertFreshLeads } from './lead-import.repository.js';
import { type LeadCursor, insertLead, listLeads } from './leads.repository.js';
import { searchLeads } from './search.repository.js';
import { type StagedTimeState, exclusiveStagedTimes, makeStagedTimeExclusive } from './staged-lead-time.repository.js';

/**
 * A staged group as a claim makes it: its created_at is the time its leads take. Made a second
 * older than now, so no lead these tests create by the way shares it and the clock has passed it;
 * `ageSeconds: 0` for the claim's own now().
 */
async function stagedGroup(db: Db, name: string, ageSeconds = 1): Promise<{ id: number; createdAt: string }> {
  const { rows } = await sql<{ id: number; created_at: string }>`
    insert into lead_groups (name, staged, created_at) values (${name}, true, now() - make_interval(secs => ${ageSeconds}))
    returning id, created_at::text`.execute(db);
  const [group] = rows;
  if (!group) throw new Error('no group');
  return { id: group.id, createdAt: group.created_at };
}

/** One import batch, as the runner writes it: its leads into the staged group, then the time made exclusive if it can be. */
async function stageBatch(db: Db, groupId: number, names: readonly string[]): Promise<{ ids: number[]; state: StagedTimeState }> {
  return db.transaction().execute(async (trx) => {
    const rows = names.map((name) => {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@importando.es`;
      return {
        name,
        email,
        phone: null,
        category: 'otros',
        description: null,
        address: null,
        domain: null,
        group_id: groupId,
        created_by: null,
        email_key: leadEmailKey(email),
        phone_key: leadPhoneKey(null),
      };
    });
    const { insertedIds } = await insertFreshLeads(trx, rows, { stagedIn: groupId });
    return { ids: insertedIds, state: await makeStagedTimeExclusive(trx, groupId) };
  });
}

/** A visible lead, at `createdAt` when given (the group's time, for a lead that shares it by chance). */
async function visibleLead(db: DbOrTrx, name: string, createdAt?: string): Promise<number> {
  const id = await insertLead(db, { name, category: 'otros' });
  if (createdAt) await sql`update leads set created_at = ${createdAt}::timestamptz where id = ${id}`.execute(db);
  return id;
}

/** Every page of the list by creation, `limit` at a time, as ids. */
async function pagedIds(db: Db, direction: 'asc' | 'desc', limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: LeadCursor | undefined;
  do {
    const page = await listLeads(db, {}, { limit, cursor, sort: `createdAt:${direction}` });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** Every page of a list, `limit` at a time, as ids page by page. */
async function pagesOf(db: Db, sort: LeadSort, limit: number): Promise<number[][]> {
  const pages: number[][] = [];
  let cursor: LeadCursor | undefined;
  do {
    const page = await listLeads(db, {}, { limit, cursor, sort });
    pages.push(page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

/** What the lists must show: the visible leads in (created_at, id) order, read without skipping anything. */
async function expectedIds(db: Db, direction: 'asc' | 'desc'): Promise<number[]> {
  const order = sql.raw(direction);
  const { rows } = await sql<{ id: number }>`
    select leads.id from leads left join lead_groups on lead_groups.id = leads.group_id
    where lead_groups.id is null or not (lead_groups.staged or lead_groups.deleted_at is not null)
    order by leads.created_at ${order}, leads.id ${order}`.execute(db);
  return rows.map((row) => row.id);
}

async function expectListsExact(db: Db): Promise<void> {
  for (const direction of ['desc', 'asc'] as const) {
    const expected = await expectedIds(db, direction);
    for (const limit of [2, 5, 500]) expect(await pagedIds(db, direction, limit)).toEqual(expected);
  }
}

const publish = (db: Db, groupId: number) => db.updateTable('lead_groups').set({ staged: false }).where('id', '=', groupId).execute();

describe('staged lead time', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  it("gives a staged import's leads the group's time, which becomes theirs alone; the lists read around it, and show them once published", async () => {
    const { db } = database;
    await visibleLead(db, 'Antes de importar');
    const group = await stagedGroup(db, 'Importación sola');
    const first = await stageBatch(db, group.id, ['Sola A1', 'Sola A2', 'Sola A3']);
    await visibleLead(db, 'Durante la importación');
    const second = await stageBatch(db, group.id, ['Sola B1', 'Sola B2']);

    const times = await db
      .selectFrom('leads')
      .select(sql<string>`created_at::text`.as('at'))
      .where('group_id', '=', group.id)
      .execute();
    expect(new Set(times.map((row) => row.at))).toEqual(new Set([group.createdAt]));
    expect(first.state).toBe('exclusive');
    expect(await exclusiveStagedTimes(db)).toEqual([group.createdAt]);
    await expectListsExact(db);

    await publish(db, group.id);
    expect(await exclusiveStagedTimes(db)).toEqual([]);
    expect(await pagedIds(db, 'desc', 500)).toEqual(expect.arrayContaining([...first.ids, ...second.ids]));
    await expectListsExact(db);
  });

  it('walks a bounded number of leads a page while an import is written: behind a long run of staged leads a page comes back short, and its cursor goes on', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh;
      const first = [await visibleLead(db, 'Aa 1'), await visibleLead(db, 'Aa 2')];
      const last = [await visibleLead(db, 'Zz 1'), await visibleLead(db, 'Zz 2')];
      const group = await stagedGroup(db, 'Importación larga');
      // More staged leads than a page may walk past (2,000), all between the visible ones by name, and newer.
      await stageBatch(
        db,
        group.id,
        Array.from({ length: 2500 }, (_, index) => `Mm ${String(index).padStart(4, '0')}`),
      );
      expect(await pagesOf(db, 'name:asc', 50)).toEqual([first, last]);
      expect(await pagesOf(db, 'name:desc', 50)).toEqual([[...last].reverse(), [...first].reverse()]);
      // Never contacted: the segment without a value, by id, newest first, where the staged leads come first.
      expect(await pagesOf(db, 'lastContact:desc', 50)).toEqual([[], [...first, ...last].reverse()]);
      await publish(db, group.id);
      const published = await pagesOf(db, 'name:asc', 50);
      expect(published.map((page) => page.length)).toEqual([...Array.from({ length: 50 }, () => 50), 4]);
    } finally {
      await fresh.drop();
    }
  });

  it("finds the visible leads a word matches when an import's staged leads are its newest matches, newest first", async () => {
    const { db } = database;
    const older = await visibleLead(db, 'Zarzuela antigua');
    const group = await stagedGroup(db, 'Importación de zarzuelas');
    expect((await stageBatch(db, group.id, ['Zarzuela 1', 'Zarzuela 2'])).state).toBe('exclusive');
    const during = await visibleLead(db, 'Zarzuela de hoy');
    await stageBatch(
      db,
      group.id,
      Array.from({ length: 60 }, (_, index) => `Zarzuela importada ${index}`),
    );
    expect((await searchLeads(db, searchTermsOf('zarzuela'), 5)).map((lead) => lead.id)).toEqual([during, older]);
    await publish(db, group.id);
    expect(await searchLeads(db, searchTermsOf('zarzuela'), 5)).toHaveLength(5);
  });

  it('never reads around a time another lead has, and the lists show that lead', async () => {
    const { db } = database;
    const group = await stagedGroup(db, 'Importación con otro lead a su hora');
    const sameTime = await visibleLead(db, 'A la misma hora', group.createdAt);
    expect((await stageBatch(db, group.id, ['Compartida A1'])).state).toBe('shared');
    expect(await exclusiveStagedTimes(db)).toEqual([]);
    expect(await pagedIds(db, 'desc', 500)).toContain(sameTime);
    await expectListsExact(db);
    await publish(db, group.id);
  });

  it('waits while a transaction that started by the group’s time is still open: it could still write a lead at that time', async () => {
    const { db } = database;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (started = resolve));
    const older = db.transaction().execute(async (trx) => {
      // This transaction's now() is earlier than the claim's: it stays open across the claim and a batch.
      await sql`select now()`.execute(trx);
      started();
      await held;
      return visibleLead(trx, 'Escrito por una transacción antigua');
    });
    await open;
    const group = await stagedGroup(db, 'Importación que espera', 0);
    expect((await stageBatch(db, group.id, ['Espera A1'])).state).toBe('pending');
    release();
    await older;
    expect((await stageBatch(db, group.id, ['Espera B1'])).state).toBe('exclusive');
    await expectListsExact(db);
    await publish(db, group.id);
  });

  it('reads around the times of two imports at once, and keeps a retired import out while its leads are deleted', async () => {
    const { db } = database;
    const one = await stagedGroup(db, 'Primera a la vez');
    const two = await stagedGroup(db, 'Segunda a la vez', 2);
    await stageBatch(db, one.id, ['Vez U1', 'Vez U2']);
    await stageBatch(db, two.id, ['Vez D1']);
    await visibleLead(db, 'Entre dos importaciones');
    await stageBatch(db, one.id, ['Vez U3']);
    await stageBatch(db, two.id, ['Vez D2', 'Vez D3']);
    expect(await exclusiveStagedTimes(db)).toHaveLength(2);
    await expectListsExact(db);

    await db.updateTable('lead_groups').set({ deleted_at: new Date() }).where('id', '=', one.id).execute();
    await publish(db, two.id);
    expect(await exclusiveStagedTimes(db)).toHaveLength(1);
    await expectListsExact(db);
  });
});
