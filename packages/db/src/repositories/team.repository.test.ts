import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { countLeadsPerMember } from './analytics.repository.js';
import { insertLeadGroup, markLeadGroupDeleted } from './lead-groups.repository.js';
import { leadFiguresByAssignee } from './team.repository.js';

describe('team and analytics figures', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  it("count no lead of an import still being written or of a group being deleted, as the lists don't", async () => {
    const { id: sellerId } = await database.db
      .insertInto('users')
      .values({
        username: 'vende',
        email: 'vende@x.es',
        password_hash: 'x',
        first_name: 'Ven',
        last_name: 'De',
        system_role: 'team_member',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = (name: string) => insertLeadGroup(database.db, { name, description: null, assignedRoleId: null, createdBy: sellerId });
    const [visible, deleted] = [await group('Feria'), await group('Borrándose')];
    await markLeadGroupDeleted(database.db, deleted);
    const leads = (groupId: number | null, status: 'nuevo' | 'convertido', count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `Lead ${groupId ?? 'suelto'} ${status} ${index}`,
        category: 'otros',
        status,
        group_id: groupId,
        assigned_to: sellerId,
      }));
    await database.db
      .insertInto('leads')
      .values([...leads(null, 'convertido', 1), ...leads(visible, 'nuevo', 2), ...leads(deleted, 'nuevo', 4)])
      .execute();

    expect((await leadFiguresByAssignee(database.db)).get(sellerId)).toEqual({ assigned: 3, converted: 1 });
    const valuation = { defaultValue: '1500.00', currency: 'EUR' };
    expect((await countLeadsPerMember(database.db, valuation)).find((member) => member.id === sellerId)).toMatchObject({
      assigned: 3,
      converted: 1,
      revenue: '1500.00',
    });
  });
});
