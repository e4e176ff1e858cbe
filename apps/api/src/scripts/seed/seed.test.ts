import { insertUser } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { LEAD_STATUSES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedArgs } from './args.js';
import { hasData, wipeAll } from './guard.js';
import { createRandom } from './random.js';
import { seedDemo } from './seed.js';

{
  describe('demo seed', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    }, 60_000);
    afterAll(async () => {
      await database?.drop();
    });

    it('sees a database with only the first admin as empty', async () => {
      expect(await hasData(database.db)).toBe(false);
      await insertUser(database.db, { username: 'admin', password_hash: 'x', system_role: 'admin' });
      expect(await hasData(database.db)).toBe(false);
    });

    it('writes a believable team, about 2,000 leads with every status, tracking, chat and activities', async () => {
      const now = new Date();
      const summary = await seedDemo(database.db, { random: createRandom(7), passwordHash: 'hash', now });
      expect(summary.leads).toBeGreaterThanOrEqual(1800);
      expect(summary.leads).toBeLessThanOrEqual(2200);
      const db = database.db;

      const roles = await db.selectFrom('users').select(['system_role']).where('username', '!=', 'admin').execute();
      const count = (role: string) => roles.filter((r) => r.system_role === role).length;
      expect([count('admin'), count('manager'), count('team_member')]).toEqual([1, 2, 8]);

      const customRoles = await db.selectFrom('custom_roles').select(['name', 'color']).execute();
      expect(customRoles.map((r) => r.name).sort()).toEqual(['aduanero', 'comercial', 'contable', 'juridico', 'logistico', 'tecnico']);
      expect(customRoles.every((r) => /^#[0-9a-f]{6}$/.test(r.color))).toBe(true);
      const holders = await db.selectFrom('user_custom_roles').select('role_id').distinct().execute();
      expect(holders).toHaveLength(6);

      const statuses = await db.selectFrom('leads').select('status').distinct().execute();
      expect(statuses.map((s) => s.status).sort()).toEqual([...LEAD_STATUSES].sort());
      const groups = await db.selectFrom('lead_groups').select('id').execute();
      expect(groups.length).toBeGreaterThanOrEqual(5);

      // Every history is possible: contacted before converted, nothing in the future, converted ones have a date.
      const impossible = await db
        .selectFrom('leads')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('created_at', '>', now),
            eb.and([eb('status', '=', 'convertido'), eb('converted_at', 'is', null)]),
            eb('converted_at', '<', eb.ref('contacted_at')),
            eb('contacted_at', '<', eb.ref('created_at')),
            eb.and([eb('status', 'in', ['contactado', 'interesado', 'convertido']), eb('contacted_by', 'is', null)]),
          ]),
        )
        .execute();
      expect(impossible).toEqual([]);
      const oldest = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .executeTakeFirstOrThrow();
      expect(now.getTime() - new Date(oldest.at).getTime()).toBeLessThanOrEqual(366 * 86_400_000);

      expect(summary.tracking).toBeGreaterThan(500);
      expect(summary.contacts).toBeGreaterThan(1000);
      // Every lead with contacts has exactly one primary.
      const primaries = await db
        .selectFrom('contacts')
        .select(['lead_id', (eb) => eb.fn.count<number>('id').filterWhere('is_primary', '=', true).as('primaries')])
        .groupBy('lead_id')
        .execute();
      expect(primaries.every((row) => Number(row.primaries) === 1)).toBe(true);
      expect(summary.messages).toBeGreaterThan(50);
      const types = await db.selectFrom('activities').select('type').distinct().execute();
      expect(types.map((t) => t.type).sort()).toEqual([
        'group_created',
        'lead_contacted',
        'lead_converted',
        'lead_created',
        'message_sent',
      ]);
      expect(await hasData(db)).toBe(true);
    });

    it('empties everything on --force', async () => {
      await wipeAll(database.db);
      expect(await hasData(database.db)).toBe(false);
      const users = await database.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    });
  });
}

describe('seed arguments', () => {
  it('reads --force, --password and --seed and refuses the rest', () => {
    expect(parseSeedArgs(['--force', '--password=secreto1', '--seed=3'])).toEqual({ force: true, password: 'secreto1', seed: 3 });
    expect(parseSeedArgs([]).force).toBe(false);
    expect(() => parseSeedArgs(['--borrar'])).toThrow('Opción desconocida');
    expect(() => parseSeedArgs(['--password=123'])).toThrow('al menos 6');
  });
});
