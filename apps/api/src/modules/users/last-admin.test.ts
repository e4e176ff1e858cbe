/** There is always an active admin: demoting or deactivating the last one is a 409, even when two admins race. */
import { LAST_ADMIN_MESSAGE } from '@crm/domain';
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('the last active admin', (server) => {
  // A database of its own per kind: the first admin (created at start) is the only admin here.
  let first: { id: number; client: ApiClient };

  beforeAll(async () => {
    const client = await loginAs(server(), 'admin', ADMIN_PASSWORD);
    first = { id: (await client.get('/api/auth/user')).body.id, client };
  });

  async function activeAdminIds(): Promise<number[]> {
    const rows = await server()
      .ctx.db.selectFrom('users')
      .select('id')
      .where('system_role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  /** A second admin, signed in; afterwards the first admin is the only other one. */
  async function secondAdmin() {
    const username = uniqueName('adm');
    const user = await createUser(server(), { username, systemRole: 'admin' });
    return { id: user.id, client: await loginAs(server(), username) };
  }

  /** Puts the first admin back as the only admin, whoever won the last race. */
  async function restoreFirstAdmin(): Promise<void> {
    await server().ctx.db.updateTable('users').set({ system_role: 'admin' }).where('id', '=', first.id).execute();
    await server()
      .ctx.db.updateTable('users')
      .set({ system_role: 'manager' })
      .where('id', '!=', first.id)
      .where('system_role', '=', 'admin')
      .execute();
    first.client = await loginAs(server(), 'admin', ADMIN_PASSWORD);
  }

  it('may not demote themself, over REST and tRPC, and stays admin', async () => {
    expect(await activeAdminIds()).toEqual([first.id]);
    const rest = await first.client.put(`/api/users/${first.id}`, { role: 'manager' });
    expect(rest.status).toBe(409);
    expect(rest.body.message).toBe(LAST_ADMIN_MESSAGE);
    const viaTrpc = await trpcFailure(
      trpcClientFor(first.client).users.update.mutate({ id: first.id, data: { systemRole: 'team_member' } }),
    );
    expect(viaTrpc.data?.code).toBe('CONFLICT');
    expect(viaTrpc.message).toBe(LAST_ADMIN_MESSAGE);
    expect(await activeAdminIds()).toEqual([first.id]);
    // Keeping the role one has is no demotion.
    expect((await first.client.put(`/api/users/${first.id}`, { role: 'admin', firstName: 'Admin' })).status).toBe(200);
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    for (let round = 0; round < 5; round += 1) {
      const other = await secondAdmin();
      const answers = await Promise.all([
        first.client.put(`/api/users/${other.id}`, { role: 'manager' }),
        other.client.put(`/api/users/${first.id}`, { role: 'manager' }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0], JSON.stringify(answers.map((a) => a.body))).toBe(200);
      // The loser is refused: 409 when it still counted as admin, 403 when it was already demoted.
      expect([403, 409]).toContain(statuses[1]);
      expect(await activeAdminIds()).toHaveLength(1);
      await restoreFirstAdmin();
    }
  });

  it('two admins deleting each other at once leave exactly one admin', async () => {
    for (let round = 0; round < 5; round += 1) {
      const other = await secondAdmin();
      const answers = await Promise.all([first.client.delete(`/api/users/${other.id}`), other.client.delete(`/api/users/${first.id}`)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0], JSON.stringify(answers.map((a) => a.body))).toBe(200);
      // The loser is refused: 409 while it was still admin, 401 once its own session had ended.
      expect([401, 409]).toContain(statuses[1]);
      expect(await activeAdminIds()).toHaveLength(1);
      if ((await activeAdminIds())[0] !== first.id) {
        await server().ctx.db.updateTable('users').set({ deactivated_at: null }).where('id', '=', first.id).execute();
      }
      await restoreFirstAdmin();
    }
  });

  it('an admin demoting themself while another admin demotes them leaves one admin', async () => {
    const other = await secondAdmin();
    const answers = await Promise.all([
      first.client.put(`/api/users/${first.id}`, { role: 'manager' }),
      other.client.put(`/api/users/${other.id}`, { role: 'manager' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await activeAdminIds()).toHaveLength(1);
    await restoreFirstAdmin();
  });
});
