import { TRPCClientError } from '@trpc/client';
import { beforeAll, expect, it } from 'vitest';
import { createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

type Trpc = ReturnType<typeof trpcClientFor>;

async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : 'not-trpc';
  }
}

describeWithServer('leads over tRPC', (server) => {
  let admin: Trpc;
  let seller: Trpc;
  let sellerId: number;
  beforeAll(async () => {
    const adminName = uniqueName('tadm');
    const sellerName = uniqueName('tsel');
    await createUser(server(), { username: adminName, systemRole: 'admin' });
    sellerId = (await createUser(server(), { username: sellerName, firstName: 'Sara', lastName: 'Mora' })).id;
    admin = trpcClientFor(await loginAs(server(), adminName));
    seller = trpcClientFor(await loginAs(server(), sellerName));
  });

  it('creates, lists with a cursor, counts, assigns and marks contacted', async () => {
    const tag = uniqueName('trpc').toLowerCase();
    const created = [];
    for (const index of [1, 2, 3]) {
      created.push(
        await admin.leads.create.mutate({
          name: `Academia ${tag} ${index}`,
          email: `a${index}.${tag}@academia.es`,
          category: 'educacion',
          description: 'Clases de idiomas',
          assignedTo: null,
        }),
      );
    }
    const first = await seller.leads.list.query({ view: 'leads', q: tag, limit: 2 });
    expect(first.items.map((lead) => lead.name)).toEqual([`Academia ${tag} 3`, `Academia ${tag} 2`]);
    expect(first.items[0]?.createdAt).toBeInstanceOf(Date);
    const second = await seller.leads.list.query({ view: 'leads', q: tag, limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((lead) => lead.name)).toEqual([`Academia ${tag} 1`]);
    expect(second.nextCursor).toBeNull();
    expect(await seller.leads.counts.query({ q: tag })).toMatchObject({ leads: 3, contacted: 0 });

    const target = created[0];
    if (!target) throw new Error('no lead');
    const assigned = await admin.leads.assign.mutate({ id: target.id, assignedTo: sellerId });
    expect(assigned.assignee).toEqual({ id: sellerId, firstName: 'Sara', lastName: 'Mora' });
    const contacted = await seller.leads.markContacted.mutate({ id: target.id });
    expect(contacted).toMatchObject({ status: 'contactado', contactedBy: sellerId });
    expect(await seller.leads.counts.query({ q: tag })).toMatchObject({ leads: 2, contacted: 1 });
    const updated = await seller.leads.update.mutate({ id: target.id, data: { status: 'convertido' } });
    expect(updated.status).toBe('convertido');
  });

  it('refuses a team_member the managing procedures with FORBIDDEN', async () => {
    expect(
      await codeOf(seller.leads.create.mutate({ name: 'X', email: 'x@x.es', category: 'retail', description: 'd', assignedTo: null })),
    ).toBe('FORBIDDEN');
    expect(await codeOf(seller.leads.assign.mutate({ id: 1, assignedTo: sellerId }))).toBe('FORBIDDEN');
    expect(await codeOf(seller.leadGroups.delete.mutate({ id: 1 }))).toBe('FORBIDDEN');
    expect(await codeOf(seller.leads.byId.query({ id: 999_999 }))).toBe('NOT_FOUND');
  });

  it('lists groups, tracking and the sales team for every role', async () => {
    expect(Array.isArray(await seller.leadGroups.list.query())).toBe(true);
    expect(Array.isArray(await seller.tracking.list.query())).toBe(true);
    const team = await seller.salesTeam.withRoles.query();
    expect(team.find((user) => user.id === sellerId)?.customRoles).toEqual([]);
    expect((await seller.salesTeam.list.query()).some((user) => user.id === sellerId)).toBe(true);
  });
});
