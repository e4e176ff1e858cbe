/** Automatic distribution: exact counts per rule, availability, concurrent imports and replicas without double turns. */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas } from '../../test/replicas.js';
import { trpcClientFor } from '../../test/trpc-client.js';

function csvOf(tag: string, count: number): FormData {
  const lines = ['name,categoryName,email'];
  for (let index = 0; index < count; index += 1) lines.push(`Reparto ${tag} ${index},dentist,r${index}.${tag}@x.es`);
  const data = new FormData();
  data.append('file', new Blob([lines.join('\n')]), 'reparto.csv');
  return data;
}

function importTo(client: ApiClient, roleId: number, count: number) {
  const tag = uniqueName('d').toLowerCase();
  const form = csvOf(tag, count);
  form.append('groupName', `Reparto ${tag}`);
  form.append('assignedRoleId', String(roleId));
  return client.post('/api/leads/import', form);
}

/** A role with `size` members (ids ascending) and the given rule. */
async function roleWithMembers(server: TestServer, admin: ApiClient, size: number, distribution: string) {
  const role = await admin.post('/api/custom-roles', { name: uniqueName('rol').toLowerCase(), displayName: 'Odontología' });
  const members: number[] = [];
  for (let index = 0; index < size; index += 1) {
    const user = await createUser(server, { username: uniqueName('miembro') });
    await admin.post(`/api/users/${user.id}/roles/${role.body.id}`);
    members.push(user.id);
  }
  const ruled = await admin.put(`/api/custom-roles/${role.body.id}`, { distribution });
  expect(ruled.status).toBe(200);
  expect(ruled.body.distribution).toBe(distribution);
  return { roleId: role.body.id as number, members };
}

/** Each member's leads among the given groups' leads, and the assignees in the order leads were handed out. */
async function assignmentsOf(server: TestServer, names: string[]) {
  const rows = await server.ctx.db
    .selectFrom('leads')
    .innerJoin('lead_groups', 'lead_groups.id', 'leads.group_id')
    .select(['leads.assigned_to'])
    .where('lead_groups.name', 'in', names)
    .orderBy('leads.id')
    .execute();
  const order = rows.map((row) => row.assigned_to);
  const counts: Record<string, number> = {};
  for (const id of order) counts[String(id)] = (counts[String(id)] ?? 0) + 1;
  return { order, counts };
}

const noTwoTurnsInARow = (order: (number | null)[]) => order.every((id, index) => index === 0 || id !== order[index - 1]);

/**
 * The assignees of two concurrent imports to one role, in the order the rotation handed them out:
 * each import's leads in file order, the one that distributed first (the other waited on the role's
 * lock) before the other. Their leads' ids interleave when both insert at once, so the ids alone do
 * not say it; the import that went second is the one whose last assignee the role remembers.
 */
async function inRotationOrder(server: TestServer, roleId: number, groups: [string, string]) {
  const [first, second] = await Promise.all(groups.map(async (group) => (await assignmentsOf(server, [group])).order));
  const role = await server.ctx.db
    .selectFrom('custom_roles')
    .select('last_assigned_user_id')
    .where('id', '=', roleId)
    .executeTakeFirstOrThrow();
  return second?.at(-1) === role.last_assigned_user_id ? [...(first ?? []), ...(second ?? [])] : [...(second ?? []), ...(first ?? [])];
}

describeWithServer('automatic distribution', (server) => {
  let admin: ApiClient;
  beforeAll(async () => {
    const name = uniqueName('dadm');
    await createUser(server(), { username: name, systemRole: 'admin' });
    admin = await loginAs(server(), name);
  });

  it('gives 1,000 imported leads to a round-robin role of 4 members 250 each; with one unavailable 333/333/334', async () => {
    const { roleId, members } = await roleWithMembers(server(), admin, 4, 'round_robin');
    const first = await importTo(admin, roleId, 1000);
    expect(first.body).toMatchObject({ imported: 1000 });
    const all = await assignmentsOf(server(), [first.body.groupName]);
    expect(all.counts).toEqual(Object.fromEntries(members.map((id) => [String(id), 250])));

    const away = members[1] as number;
    expect((await admin.put(`/api/users/${away}/availability`, { available: false })).body.available).toBe(false);
    const second = await importTo(admin, roleId, 1000);
    const three = await assignmentsOf(server(), [second.body.groupName]);
    expect(three.counts[String(away)]).toBeUndefined();
    expect(Object.values(three.counts).sort()).toEqual([333, 333, 334]);
    expect(noTwoTurnsInARow(three.order)).toBe(true);
  });

  it('least_busy evens out unequal loads', async () => {
    const { roleId, members } = await roleWithMembers(server(), admin, 3, 'least_busy');
    // The first member already has 10 open leads.
    await admin.put(`/api/custom-roles/${roleId}`, { distribution: 'round_robin' });
    await admin.put(`/api/users/${members[1]}/availability`, { available: false });
    await admin.put(`/api/users/${members[2]}/availability`, { available: false });
    await importTo(admin, roleId, 10);
    await admin.put(`/api/users/${members[1]}/availability`, { available: true });
    await admin.put(`/api/users/${members[2]}/availability`, { available: true });
    await admin.put(`/api/custom-roles/${roleId}`, { distribution: 'least_busy' });
    const imported = await importTo(admin, roleId, 20);
    const { counts } = await assignmentsOf(server(), [imported.body.groupName]);
    expect(counts).toEqual({ [String(members[1])]: 10, [String(members[2])]: 10 });
    const next = await importTo(admin, roleId, 3);
    expect(Object.values((await assignmentsOf(server(), [next.body.groupName])).counts)).toEqual([1, 1, 1]);
  });

  it('keeps one rotation across two imports to one role at once', async () => {
    const { roleId, members } = await roleWithMembers(server(), admin, 3, 'round_robin');
    const [a, b] = await Promise.all([importTo(admin, roleId, 301), importTo(admin, roleId, 299)]);
    const both = await assignmentsOf(server(), [a?.body.groupName, b?.body.groupName]);
    expect(both.counts).toEqual(Object.fromEntries(members.map((id) => [String(id), 200])));
    const order = await inRotationOrder(server(), roleId, [a?.body.groupName, b?.body.groupName]);
    expect(order[0]).toBe(members[0]);
    expect(noTwoTurnsInARow(order)).toBe(true);
  });

  it("'Asignar automáticamente' on create follows the rule; a role without a rule or anyone available is a 409 and nothing is created", async () => {
    const { roleId, members } = await roleWithMembers(server(), admin, 2, 'round_robin');
    const lead = (name: string) => ({
      name,
      email: `${uniqueName('a')}@auto.es`,
      category: 'salud' as const,
      description: 'd',
      autoAssignRoleId: roleId,
    });
    const one = await admin.post('/api/leads', lead('Auto uno'));
    // A person sent beside the role is ignored: the rule decides, on tRPC as on REST.
    const two = await trpcClientFor(admin).leads.create.mutate({ ...lead('Auto dos'), assignedTo: members[0] });
    expect([one.body.assignedTo, two.assignedTo]).toEqual(members);
    const history = await admin.get(`/api/leads/${two.id}/history`);
    expect(history.body.filter((entry: { type: string }) => entry.type === 'assigned')).toEqual([
      expect.objectContaining({ changes: { assignedTo: { from: null, to: expect.objectContaining({ id: members[1] }) } } }),
    ]);
    for (const id of members) await admin.put(`/api/users/${id}/availability`, { available: false });
    const nobody = await admin.post('/api/leads', lead(uniqueName('Nadie ')));
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toBe('No hay nadie disponible en esta especialización');
    await admin.put(`/api/custom-roles/${roleId}`, { distribution: 'none' });
    expect((await admin.post('/api/leads', lead(uniqueName('Sin regla ')))).body.message).toBe(
      'Esta especialización no tiene reparto automático',
    );
  });

  it('lets people set their own availability and admins or managers set others’, refusing the rest', async () => {
    const seller = await createUser(server(), { username: uniqueName('vend') });
    const other = await createUser(server(), { username: uniqueName('otro') });
    const asSeller = await loginAs(server(), seller.username);
    expect((await asSeller.put(`/api/users/${seller.id}/availability`, { available: false })).status).toBe(200);
    expect((await asSeller.put(`/api/users/${other.id}/availability`, { available: false })).status).toBe(403);
    expect((await admin.put(`/api/users/${other.id}/availability`, { available: 'no' })).status).toBe(400);
    expect((await admin.put('/api/users/999999/availability', { available: true })).status).toBe(404);
    expect((await admin.put(`/api/custom-roles/1`, { distribution: 'al_azar' })).body.message).toBe('Regla de reparto inválida');
    expect((await asSeller.get('/api/users')).body.find((user: { id: number }) => user.id === seller.id)?.available).toBe(false);
  });
});

describeOnTwoReplicas('automatic distribution across two replica processes', (replicas) => {
  it('keeps one rotation when both replicas import to the role at once', async () => {
    const adminUser = await createUser(replicas.local, { username: uniqueName('radm'), systemRole: 'admin' });
    const onLocal = await loginAs(replicas.local, adminUser.username);
    const onChild = await loginAs({ ...replicas.local, url: replicas.child.url }, adminUser.username);
    const { roleId, members } = await roleWithMembers(replicas.local, onLocal, 4, 'round_robin');
    // 301 and 299: a second import that started its own rotation again would give someone two in a row.
    const [a, b] = await Promise.all([importTo(onLocal, roleId, 301), importTo(onChild, roleId, 299)]);
    expect([a.status, a.body.message, b.status, b.body.message]).toEqual([200, undefined, 200, undefined]);
    const both = await assignmentsOf(replicas.local, [a.body.groupName, b.body.groupName]);
    expect(both.counts).toEqual(Object.fromEntries(members.map((id) => [String(id), 150])));
    const order = await inRotationOrder(replicas.local, roleId, [a.body.groupName, b.body.groupName]);
    expect(order[0]).toBe(members[0]);
    expect(noTwoTurnsInARow(order)).toBe(true);
  }, 120_000);
});
