import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

interface Team {
  id: number;
  name: string;
  manager: { id: number };
  members: { id: number }[];
  memberCount: number;
}
interface Channel {
  id: number;
  kind: string;
  name: string;
  memberCount: number;
}

describeWithServer('teams', (server) => {
  type Person = { id: number; client: ApiClient };
  let admin: Person;
  let norte: Person;
  let sur: Person;
  let vera: Person;
  let tomas: Person;
  let norteTeam: Team;
  let surTeam: Team;

  const person = async (prefix: string, systemRole: 'admin' | 'manager' | 'team_member' = 'team_member'): Promise<Person> => {
    const user = await createUser(server(), { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };
  const channelsOf = async (client: ApiClient) => (await client.get<Channel[]>('/api/chat/channels')).body;
  const teamChannel = async (client: ApiClient) => (await channelsOf(client)).find((c) => c.kind === 'team');

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    norte = await person('norte', 'manager');
    sur = await person('sur', 'manager');
    vera = await person('vera');
    tomas = await person('tomas');
    const created = await admin.client.post<Team>('/api/teams', { name: 'Equipo Norte', managerId: norte.id });
    expect(created.status).toBe(201);
    norteTeam = created.body;
    const own = await sur.client.post<Team>('/api/teams', { name: 'Equipo Sur', managerId: sur.id });
    expect(own.status).toBe(201);
    surTeam = own.body;
  });

  it('refuses a Vendedor creating, renaming or joining a team, and a manager creating one for another', async () => {
    expect((await vera.client.post('/api/teams', { name: 'Mío', managerId: norte.id })).status).toBe(403);
    expect((await vera.client.put(`/api/teams/${norteTeam.id}`, { name: 'Mío' })).status).toBe(403);
    expect((await vera.client.put(`/api/users/${vera.id}`, { teamId: norteTeam.id })).status).toBe(403);
    const forOther = await norte.client.post('/api/teams', { name: 'Equipo Este', managerId: sur.id });
    expect(forOther.status).toBe(403);
    const twice = await admin.client.post<{ message: string }>('/api/teams', { name: 'Equipo Oeste', managerId: norte.id });
    expect(twice.status).toBe(409);
    const notManager = await admin.client.post<{ message: string }>('/api/teams', { name: 'Equipo Oeste', managerId: vera.id });
    expect(notManager.status).toBe(400);
    expect(notManager.body.message).toBe('El responsable de un equipo debe ser un manager activo');
    expect((await admin.client.post('/api/teams', { name: '  ', managerId: sur.id })).status).toBe(400);
  });

  it('refuses a manager renaming his team to another team’s name, in any spelling, and keeps him out of its channel', async () => {
    const surChannel = await teamChannel(sur.client);
    expect(surChannel).toMatchObject({ name: 'Equipo Sur' });
    for (const name of ['Equipo Sur', 'equipo sur', ' EQUIPO SUR ']) {
      const renamed = await norte.client.put<{ message: string }>(`/api/teams/${norteTeam.id}`, { name });
      expect(renamed.status, name).toBe(409);
      expect(renamed.body.message).toBe('Ya existe un equipo con ese nombre');
    }
    // Not another's team either, nor by handing himself over to it.
    expect((await norte.client.put(`/api/teams/${surTeam.id}`, { name: 'Equipo Norte 2' })).status).toBe(403);
    expect((await norte.client.put(`/api/teams/${norteTeam.id}`, { managerId: sur.id })).status).toBe(403);
    // Even with the old free-text field on his own user: the channel follows the team by id.
    await norte.client.put(`/api/users/${norte.id}`, { teamName: 'Equipo Sur' });
    const channels = await channelsOf(norte.client);
    expect(channels.some((c) => c.id === surChannel?.id)).toBe(false);
    expect((await norte.client.get(`/api/chat/channels/${surChannel?.id}/messages`)).status).toBe(404);
    // A custom role named like the team gives a role channel, never the team's.
    const role = await norte.client.post<{ id: number }>('/api/custom-roles', {
      name: uniqueName('equipo_sur'),
      displayName: 'Equipo Sur',
    });
    await norte.client.post(`/api/users/${norte.id}/roles/${role.body.id}`);
    expect((await channelsOf(norte.client)).some((c) => c.id === surChannel?.id)).toBe(false);
  });

  it('lets a manager put a Vendedor without a team in his own, and the team channel follows', async () => {
    const before = await teamChannel(norte.client);
    const put = await norte.client.put<{ teamId: number; teamName: string }>(`/api/users/${vera.id}`, { teamId: norteTeam.id });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ teamId: norteTeam.id, teamName: expect.any(String) });
    expect(await teamChannel(vera.client)).toMatchObject({ id: before?.id, memberCount: 2 });
    // Not into another team, not someone of another team, not a manager.
    expect((await norte.client.put(`/api/users/${tomas.id}`, { teamId: surTeam.id })).status).toBe(403);
    expect((await sur.client.put(`/api/users/${vera.id}`, { teamId: surTeam.id })).status).toBe(403);
    expect((await sur.client.put(`/api/users/${vera.id}`, { teamId: null })).status).toBe(403);
    expect((await admin.client.put(`/api/users/${sur.id}`, { teamId: norteTeam.id })).status).toBe(400);
    expect((await admin.client.put(`/api/users/${tomas.id}`, { teamId: 999_999 })).status).toBe(400);
    // An admin moves anyone; a person is in one team at a time.
    expect((await admin.client.put(`/api/users/${vera.id}`, { teamId: surTeam.id })).status).toBe(200);
    expect((await teamChannel(vera.client))?.name).toBe('Equipo Sur');
    const teams = (await vera.client.get<Team[]>('/api/teams')).body;
    const members = teams.flatMap((team) => team.members.map((member) => member.id));
    expect(members.filter((id) => id === vera.id)).toHaveLength(1);
    expect((await sur.client.put(`/api/users/${vera.id}`, { teamId: null })).status).toBe(200);
    expect(await teamChannel(vera.client)).toBeUndefined();
  });

  it('holds one team per person in the database, and the manager in the team he leads', async () => {
    const db = server().ctx.db;
    await expect(db.updateTable('users').set({ team_id: surTeam.id }).where('id', '=', norte.id).execute()).rejects.toThrow();
  });

  it('lists teams with their real members over REST and tRPC, and renames his own', async () => {
    await norte.client.put(`/api/users/${tomas.id}`, { teamId: norteTeam.id });
    const renamed = await norte.client.put<Team>(`/api/teams/${norteTeam.id}`, { name: 'Equipo Norte Grande' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Equipo Norte Grande', memberCount: 2, manager: { id: norte.id } });
    const viaTrpc = await trpcClientFor(vera.client).teams.list.query();
    expect(
      viaTrpc
        .find((team) => team.id === norteTeam.id)
        ?.members.map((m) => m.id)
        .sort(),
    ).toEqual([norte.id, tomas.id].sort());
    expect((await teamChannel(tomas.client))?.name).toBe('Equipo Norte Grande');
    const audit = await admin.client.get<{ items: { action: string }[] }>('/api/audit?limit=50');
    expect(audit.body.items.map((entry) => entry.action)).toEqual(expect.arrayContaining(['teams.create', 'teams.update']));
  });

  it('creates a manager’s team with him, and hands a team over (admin only)', async () => {
    const created = await admin.client.post<{ id: number; teamId: number; teamName: string }>('/api/users', {
      firstName: 'Marta',
      lastName: 'Este',
      email: `${uniqueName('marta')}@example.com`,
      password: 'secreto1',
      systemRole: 'manager',
      teamName: 'Equipo Este',
    });
    expect(created.status).toBe(201);
    expect(created.body.teamName).toBe('Equipo Este');
    const clash = await admin.client.post('/api/users', {
      firstName: 'Otro',
      lastName: 'Este',
      email: `${uniqueName('otro')}@example.com`,
      password: 'secreto1',
      systemRole: 'manager',
      teamName: 'equipo este',
    });
    expect(clash.status).toBe(409);
    const nuevo = await person('nuevo', 'manager');
    const handed = await admin.client.put<Team>(`/api/teams/${created.body.teamId}`, { managerId: nuevo.id });
    expect(handed.status).toBe(200);
    expect(handed.body.manager.id).toBe(nuevo.id);
    expect(handed.body.members.map((m) => m.id)).toEqual([nuevo.id]);
  });

  it('demotes a manager alone in his team with it, and refuses one whose team has members', async () => {
    const solo = await person('solo', 'manager');
    const team = await admin.client.post<Team>('/api/teams', { name: uniqueName('Equipo Solo'), managerId: solo.id });
    expect(team.status).toBe(201);
    const demoted = await admin.client.put(`/api/users/${solo.id}`, { systemRole: 'team_member' });
    expect(demoted.status).toBe(200);
    expect((await admin.client.get<Team[]>('/api/teams')).body.some((each) => each.id === team.body.id)).toBe(false);

    const lead = await person('guia', 'manager');
    const crew = await person('tripulante');
    const led = await admin.client.post<Team>('/api/teams', { name: uniqueName('Equipo Guia'), managerId: lead.id });
    expect((await admin.client.put(`/api/users/${crew.id}`, { teamId: led.body.id })).status).toBe(200);
    const refused = await admin.client.put<{ message: string }>(`/api/users/${lead.id}`, { systemRole: 'team_member' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este manager dirige un equipo: pásalo antes a otro manager');
  });
});
