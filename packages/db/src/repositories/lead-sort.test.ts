import { LEAD_SORT_FIELDS, type LeadListItem, type LeadSort, SORT_DIRECTIONS } from '@crm/domain';
import { EVERY_LEAD } from './lead-visibility.repository.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { type LeadCursor, listLeads } from './leads.repository.js';

const TAG = 'ordenables';

type Keys = { assigned_to: number | null; contacted_at: Date | null; next_follow_up_at: Date | null };

/** The value a sort reads (from the row: nextFollowUp sorts on the column the follow-up writes keep), for checking that missing ones come last. */
function keyOf(row: Keys, sort: LeadSort): unknown {
  if (sort.startsWith('assignee')) return row.assigned_to;
  if (sort.startsWith('lastContact')) return row.contacted_at;
  if (sort.startsWith('nextFollowUp')) return row.next_follow_up_at;
  return 'present';
}

describe('lead list sorts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const users = await db
      .insertInto('users')
      .values(
        ['Zoe', 'Ana', 'Ana'].map((firstName, index) => ({
          username: `u${index}`,
          password_hash: 'x',
          first_name: firstName,
          last_name: 'Paz',
        })),
      )
      .returning('id')
      .execute();
    const sameInstant = new Date('2026-11-20T10:00:00.123456Z');
    const statuses = ['nuevo', 'contactado', 'interesado', 'convertido', 'perdido'] as const;
    // Repeated names, categories, instants and assignees, and leads with no value for the nullable keys.
    await db
      .insertInto('leads')
      .values(
        Array.from({ length: 17 }, (_, index) => ({
          name: index % 3 === 0 ? 'Repetido' : `Lead ${String.fromCharCode(97 + ((index * 7) % 17))}`,
          category: index % 2 === 0 ? 'salud' : 'legal',
          status: statuses[index % 5],
          assigned_to: index % 4 === 0 ? null : users[index % 3]?.id,
          contacted_at: index % 3 === 1 ? sameInstant : index % 3 === 2 ? new Date(Date.UTC(2026, 10, index)) : null,
          next_follow_up_at: index % 2 === 1 ? new Date(Date.UTC(2026, 11, 1 + (index % 4))) : null,
          created_at: index < 6 ? sameInstant : new Date(Date.UTC(2026, 9, index)),
          search_text: TAG,
        })),
      )
      .execute();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  const sorts = LEAD_SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((direction) => `${field}:${direction}` as const));

  it.each(sorts)('pages %s without gaps or repeats, in the order of the whole list, missing values last', async (sort) => {
    const whole = (await listLeads(database.db, { reader: EVERY_LEAD, q: TAG }, { sort })).items;
    expect(whole).toHaveLength(17);
    for (const limit of [1, 4]) {
      const seen: number[] = [];
      let cursor: LeadCursor | undefined;
      do {
        const page = await listLeads(database.db, { reader: EVERY_LEAD, q: TAG }, { sort, limit, cursor });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((lead) => lead.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(whole.map((lead) => lead.id));
    }
    const rows = await database.db.selectFrom('leads').select(['id', 'assigned_to', 'contacted_at', 'next_follow_up_at']).execute();
    const keys = new Map(rows.map((row) => [row.id, row]));
    const missing = whole.map((lead: LeadListItem) => keyOf(keys.get(lead.id) as Keys, sort) === null);
    if (sort.startsWith('assignee') || sort.startsWith('lastContact') || sort.startsWith('nextFollowUp')) expect(missing).toContain(true);
    expect(missing).toEqual([...missing].sort((a, b) => Number(a) - Number(b)));
  });

  it('sorts statuses in the board order and dates in time order', async () => {
    const byStatus = (await listLeads(database.db, { reader: EVERY_LEAD, q: TAG }, { sort: 'status:asc' })).items.map(
      (lead) => lead.status,
    );
    expect([...new Set(byStatus)]).toEqual(['nuevo', 'contactado', 'interesado', 'convertido', 'perdido']);
    const created = (await listLeads(database.db, { reader: EVERY_LEAD, q: TAG }, { sort: 'createdAt:asc' })).items.map((lead) =>
      lead.createdAt.getTime(),
    );
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  // Last: it renames and reassigns. The lead's copy of the name (migration 1900) follows every write.
  it("sorts by the assignee's current name after a rename, an assignment and a new lead", async () => {
    const db = database.db;
    const byJoin = async () =>
      (
        await sql<{ id: number }>`select leads.id from leads join users u on u.id = leads.assigned_to
          where leads.search_text = ${TAG} order by concat_ws(' ', u.first_name, u.last_name), leads.id`.execute(db)
      ).rows.map((row) => row.id);
    const listed = async () =>
      (await listLeads(db, { reader: EVERY_LEAD, q: TAG }, { sort: 'assignee:asc' })).items.filter((lead) => lead.assignee !== null);
    const zoe = await db.selectFrom('users').select('id').where('username', '=', 'u0').executeTakeFirstOrThrow();
    const ana = await db.selectFrom('users').select('id').where('username', '=', 'u1').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ first_name: 'Aarón' }).where('id', '=', zoe.id).execute();
    const unassigned = await db
      .selectFrom('leads')
      .select('id')
      .where('search_text', '=', TAG)
      .where('assigned_to', 'is', null)
      .executeTakeFirstOrThrow();
    await db.updateTable('leads').set({ assigned_to: ana.id }).where('id', '=', unassigned.id).execute();
    await db.insertInto('leads').values({ name: 'Nuevo', category: 'salud', assigned_to: zoe.id, search_text: TAG }).execute();

    const items = await listed();
    expect(items.map((lead) => lead.id)).toEqual(await byJoin());
    expect(items[0]?.assignee?.firstName).toBe('Aarón');
    expect(items.map((lead) => lead.id)).toContain(unassigned.id);
  });
});
