/** Users' writes under load and per field: the team name a Vendedor may not set, racing email changes and creations. */
import { expect, it } from 'vitest';
import { createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('user writes', (server) => {
  async function person(role: 'admin' | 'manager' | 'team_member' = 'team_member') {
    const username = uniqueName(role.replace('_', ''));
    const user = await createUser(server(), { username, systemRole: role });
    return { user, client: await loginAs(server(), username) };
  }

  async function storedTeamName(id: number): Promise<string | null> {
    const row = await server()
      .ctx.db.selectFrom('users')
      .leftJoin('teams', 'teams.id', 'users.team_id')
      .select('teams.name')
      .where('users.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.name;
  }

  it('refuses a Vendedor setting their own team name on both transports, and writes nothing of that request', async () => {
    const seller = await person();
    const rest = await seller.client.put(`/api/users/${seller.user.id}`, { teamName: 'Equipo Norte', bio: 'Nueva bio' });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe('No tienes permisos para cambiar estos datos');
    const viaTrpc = await trpcFailure(
      trpcClientFor(seller.client).users.update.mutate({ id: seller.user.id, data: { teamName: 'Equipo Sur' } }),
    );
    expect(viaTrpc.data?.code).toBe('FORBIDDEN');
    expect(await storedTeamName(seller.user.id)).toBeNull();
    const row = await server().ctx.db.selectFrom('users').select('bio').where('id', '=', seller.user.id).executeTakeFirstOrThrow();
    expect(row.bio).toBeNull();
    // Sending the team name they have (none) is no change; the rest of their profile is theirs.
    expect((await seller.client.put(`/api/users/${seller.user.id}`, { teamName: null, bio: 'Mi bio' })).status).toBe(200);
  });

  it("lets a manager name his own team, never a Vendedor's (a Vendedor is put in a team by its id)", async () => {
    const manager = await person('manager');
    const seller = await person();
    const named = await manager.client.put(`/api/users/${seller.user.id}`, { teamName: 'Equipo Este' });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('Solo un manager tiene nombre de equipo: a un vendedor se le pone en un equipo (teamId)');
    const oeste = uniqueName('Equipo Oeste ');
    expect((await manager.client.put(`/api/users/${manager.user.id}`, { teamName: oeste })).status).toBe(200);
    expect(await storedTeamName(seller.user.id)).toBeNull();
    expect(await storedTeamName(manager.user.id)).toBe(oeste);
  });

  it('answers 409, never 500, when several users take the same email at once', async () => {
    const people = await Promise.all([person(), person(), person(), person(), person()]);
    const email = `${uniqueName('carrera')}@empresa.es`;
    const answers = await Promise.all(people.map(({ user, client }) => client.put(`/api/users/${user.id}`, { email })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('Ya existe un usuario con ese email');
  });

  it('creates 30 users with the same email local part at once, each with its own username', async () => {
    const admin = await person('admin');
    const local = uniqueName('ana').toLowerCase();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        admin.client.post('/api/users', {
          firstName: 'Ana',
          lastName: `García ${index}`,
          email: `${local}@dominio${index}.es`,
          password: 'secreto1',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 201));
    const usernames = answers.map((answer) => answer.body.username as string);
    expect(new Set(usernames).size).toBe(30);
    for (const username of usernames) expect(username.startsWith(local)).toBe(true);
  });
});
