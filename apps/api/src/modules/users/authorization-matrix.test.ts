/**
 * The authorization matrix of the people endpoints, generated from the domain permission
 * table: every endpoint × caller (anonymous, team_member, manager, admin) × target (self,
 * another admin, another manager, another team_member) expects what `can()` says, over REST
 * and over tRPC, on each database.
 */
import { type Actor, type SystemRole, type TargetUser, can } from '@crm/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse, createUser, describeWithServer, type TestServer, uniqueName } from '../../test/harness.js';
import { SESSION_COOKIE, createSession } from '../../sessions/session.js';
import { fileBlob } from '../../test/file-blob.js';

const CALLERS = ['anonymous', 'team_member', 'manager', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
const ROLES: SystemRole[] = ['admin', 'manager', 'team_member'];
type TargetKind = 'self' | SystemRole;
const USER_TARGETS: TargetKind[] = ['self', ...ROLES];

interface Fixture {
  server: TestServer;
  client: ApiClient;
  actor: Actor | undefined;
  /** The user the call targets (the caller itself for 'self'); undefined for endpoints without one. */
  target: { id: number; systemRole: SystemRole } | undefined;
  roleId: number;
  png: Buffer;
}

interface Endpoint {
  name: string;
  /** Which targets the endpoint is exercised against; 'none' = no target user. */
  targets: (TargetKind | 'none')[];
  /** For creations the "target" is the role being created, not an existing user. */
  targetIsNewRole?: boolean;
  allowed(actor: Actor, target: TargetUser | undefined): boolean;
  success: number;
  /** Anything the call needs beyond the target (e.g. an existing assignment). */
  prepare?(fixture: Fixture): Promise<void>;
  call(fixture: Fixture): Promise<ApiResponse>;
  /** The same rule through tRPC, when the screens use a procedure for it. */
  trpc?: (fixture: Fixture) => Promise<ApiResponse>;
}

const trpcMutation = (fixture: Fixture, path: string, input: unknown) => fixture.client.request('POST', `/trpc/${path}`, { json: input });
const trpcQuery = (fixture: Fixture, path: string) => fixture.client.get(`/trpc/${path}`);

function newUserInput(systemRole: SystemRole) {
  return {
    firstName: 'Nuevo',
    lastName: 'Usuario',
    email: `${uniqueName('matriz')}@empresa.es`,
    password: 'secreto1',
    systemRole,
    teamName: systemRole === 'manager' ? uniqueName('Equipo Sur ') : undefined,
  };
}

function newMemberInput(role: SystemRole) {
  return {
    fullName: 'Miembro Nuevo',
    email: `${uniqueName('miembro')}@empresa.es`,
    password: 'secreto1',
    role,
    teamName: role === 'manager' ? uniqueName('Equipo Sur ') : undefined,
  };
}

/** A role different from the target's, so the call really changes it. */
const otherRole = (role: SystemRole): SystemRole => (role === 'team_member' ? 'manager' : 'team_member');
const requireTarget = (fixture: Fixture) => {
  if (!fixture.target) throw new Error('this endpoint needs a target');
  return fixture.target;
};

const reads: Endpoint[] = (
  [
    ['GET /api/users', '/api/users', 'users.list'],
    ['GET /api/users/role-counts', '/api/users/role-counts', 'users.roleCounts'],
    ['GET /api/users-with-roles', '/api/users-with-roles', 'users.withRoles'],
    ['GET /api/team', '/api/team', 'team.list'],
    ['GET /api/custom-roles', '/api/custom-roles', 'customRoles.list'],
  ] as const
).map(([name, url, procedure]) => ({
  name,
  targets: ['none'],
  allowed: (actor) => can(actor, 'team.read'),
  success: 200,
  call: (fixture) => fixture.client.get(url),
  trpc: (fixture) => trpcQuery(fixture, procedure),
}));

const ENDPOINTS: Endpoint[] = [
  ...reads,
  {
    name: 'POST /api/users',
    targets: ROLES,
    targetIsNewRole: true,
    allowed: (actor, target) => can(actor, 'user.create', target),
    success: 201,
    call: (fixture) => fixture.client.post('/api/users', newUserInput(requireTarget(fixture).systemRole)),
    trpc: (fixture) => trpcMutation(fixture, 'users.create', newUserInput(requireTarget(fixture).systemRole)),
  },
  {
    name: 'POST /api/team/members',
    targets: ROLES,
    targetIsNewRole: true,
    allowed: (actor, target) => can(actor, 'user.create', target),
    success: 201,
    call: (fixture) => fixture.client.post('/api/team/members', newMemberInput(requireTarget(fixture).systemRole)),
    trpc: (fixture) => trpcMutation(fixture, 'team.addMember', newMemberInput(requireTarget(fixture).systemRole)),
  },
  {
    name: 'PUT /api/users/:id (names)',
    targets: USER_TARGETS,
    allowed: (actor, target) => can(actor, 'user.editProfile', target),
    success: 200,
    call: (fixture) => fixture.client.put(`/api/users/${requireTarget(fixture).id}`, { firstName: 'Cambiado', lastName: 'Sí' }),
    trpc: (fixture) =>
      trpcMutation(fixture, 'users.update', { id: requireTarget(fixture).id, data: { firstName: 'Cambiado', lastName: 'Sí' } }),
  },
  {
    name: 'PUT /api/users/:id (role)',
    targets: USER_TARGETS,
    allowed: (actor, target) => can(actor, 'user.editProfile', target) && can(actor, 'user.changeRole', target),
    success: 200,
    call: (fixture) => {
      const target = requireTarget(fixture);
      return fixture.client.put(`/api/users/${target.id}`, { role: otherRole(target.systemRole) });
    },
    trpc: (fixture) => {
      const target = requireTarget(fixture);
      return trpcMutation(fixture, 'users.update', { id: target.id, data: { role: otherRole(target.systemRole) } });
    },
  },
  {
    name: 'DELETE /api/users/:id',
    targets: USER_TARGETS,
    allowed: (actor, target) => can(actor, 'user.delete', target),
    success: 200,
    call: (fixture) => fixture.client.delete(`/api/users/${requireTarget(fixture).id}`),
    trpc: (fixture) => trpcMutation(fixture, 'users.delete', { id: requireTarget(fixture).id }),
  },
  {
    name: 'POST /api/custom-roles',
    targets: ['none'],
    allowed: (actor) => can(actor, 'customRole.manage'),
    success: 201,
    call: (fixture) => fixture.client.post('/api/custom-roles', { name: uniqueName('m_').toLowerCase(), displayName: 'Matriz' }),
    trpc: (fixture) => trpcMutation(fixture, 'customRoles.create', { name: uniqueName('t_').toLowerCase(), displayName: 'Matriz' }),
  },
  {
    name: 'PUT /api/custom-roles/:id',
    targets: ['none'],
    allowed: (actor) => can(actor, 'customRole.manage'),
    success: 200,
    call: (fixture) => fixture.client.put(`/api/custom-roles/${fixture.roleId}`, { displayName: 'Renombrado' }),
    trpc: (fixture) => trpcMutation(fixture, 'customRoles.update', { id: fixture.roleId, data: { displayName: 'Renombrado' } }),
  },
  {
    name: 'DELETE /api/custom-roles/:id',
    targets: ['none'],
    allowed: (actor) => can(actor, 'customRole.manage'),
    success: 200,
    call: (fixture) => fixture.client.delete(`/api/custom-roles/${fixture.roleId}`),
    trpc: (fixture) => trpcMutation(fixture, 'customRoles.delete', { id: fixture.roleId }),
  },
  {
    name: 'POST /api/users/:userId/roles/:roleId',
    targets: USER_TARGETS,
    allowed: (actor) => can(actor, 'customRole.manage'),
    success: 200,
    call: (fixture) => fixture.client.post(`/api/users/${requireTarget(fixture).id}/roles/${fixture.roleId}`),
    trpc: (fixture) => trpcMutation(fixture, 'customRoles.assign', { userId: requireTarget(fixture).id, roleId: fixture.roleId }),
  },
  {
    name: 'DELETE /api/users/:userId/roles/:roleId',
    targets: USER_TARGETS,
    allowed: (actor) => can(actor, 'customRole.manage'),
    success: 200,
    prepare: async (fixture) => {
      await fixture.server.ctx.db
        .insertInto('user_custom_roles')
        .values({ user_id: requireTarget(fixture).id, role_id: fixture.roleId })
        .execute();
    },
    call: (fixture) => fixture.client.delete(`/api/users/${requireTarget(fixture).id}/roles/${fixture.roleId}`),
    trpc: (fixture) => trpcMutation(fixture, 'customRoles.remove', { userId: requireTarget(fixture).id, roleId: fixture.roleId }),
  },
  {
    name: 'POST /api/upload-profile-image',
    targets: ['self'],
    // One's own photo: every signed-in user.
    allowed: () => true,
    success: 200,
    call: (fixture) => {
      const form = new FormData();
      form.append('image', fileBlob(fixture.png, 'image/png'), 'foto.png');
      return fixture.client.post('/api/upload-profile-image', form);
    },
  },
  {
    name: 'GET /api/users/:id/avatar',
    targets: USER_TARGETS,
    allowed: (actor) => can(actor, 'team.read'),
    success: 200,
    prepare: async (fixture) => {
      await fixture.server.ctx.db
        .insertInto('profile_images')
        .values({ user_id: requireTarget(fixture).id, content_type: 'image/webp', data: fixture.png, etag: 'matriz' })
        .execute();
    },
    call: (fixture) => fixture.client.get(`/api/users/${requireTarget(fixture).id}/avatar`),
  },
];

/** Signs a client in without the password round trip (the matrix makes hundreds of callers). */
async function clientFor(server: TestServer, userId: number | undefined): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  if (userId !== undefined) {
    const { token } = await createSession(server.ctx, userId, { ip: null, userAgent: null });
    client.cookies.set(SESSION_COOKIE, token);
  }
  return client;
}

describeWithServer('people endpoints authorization matrix', (server) => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });

  async function fixtureFor(caller: Caller, targetKind: TargetKind | 'none', endpoint: Endpoint): Promise<Fixture> {
    const actorUser =
      caller === 'anonymous' ? undefined : await createUser(server(), { username: uniqueName('actor'), systemRole: caller });
    let target: Fixture['target'];
    if (targetKind === 'self') target = actorUser;
    else if (targetKind !== 'none') {
      target = endpoint.targetIsNewRole
        ? { id: 0, systemRole: targetKind }
        : await createUser(server(), { username: uniqueName('target'), systemRole: targetKind });
    }
    const role = await server()
      .ctx.db.insertInto('custom_roles')
      .values({ name: uniqueName('matriz_').toLowerCase(), display_name: 'Rol de la matriz' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      server: server(),
      client: await clientFor(server(), actorUser?.id),
      actor: actorUser,
      target,
      roleId: role.id,
      png,
    };
  }

  function expectedStatus(endpoint: Endpoint, fixture: Fixture): number {
    if (!fixture.actor) return 401;
    return endpoint.allowed(fixture.actor, fixture.target) ? endpoint.success : 403;
  }

  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      for (const caller of CALLERS) {
        for (const targetKind of endpoint.targets) {
          // Anonymous has no self.
          if (caller === 'anonymous' && targetKind === 'self') continue;
          const label = targetKind === 'none' ? caller : `${caller} → ${targetKind === 'self' ? 'self' : `another ${targetKind}`}`;

          it(`REST: ${label}`, async () => {
            const fixture = await fixtureFor(caller, targetKind, endpoint);
            await endpoint.prepare?.(fixture);
            const response = await endpoint.call(fixture);
            expect(response.status, JSON.stringify(response.body)).toBe(expectedStatus(endpoint, fixture));
          });

          const viaTrpc = endpoint.trpc;
          if (viaTrpc) {
            it(`tRPC: ${label}`, async () => {
              const fixture = await fixtureFor(caller, targetKind, endpoint);
              await endpoint.prepare?.(fixture);
              const response = await viaTrpc(fixture);
              const expected = expectedStatus(endpoint, fixture);
              // tRPC answers 200 for every success, creations included.
              expect(response.status, JSON.stringify(response.body)).toBe(expected === 201 ? 200 : expected);
            });
          }
        }
      }
    });
  }

  it('covers every combination the domain table distinguishes', () => {
    // Sanity check on the generator: refusals and successes both occur for each write rule.
    const outcomes = new Set<string>();
    for (const endpoint of ENDPOINTS) {
      for (const role of ROLES) {
        for (const targetRole of ROLES) {
          outcomes.add(`${endpoint.name}:${endpoint.allowed({ id: 1, systemRole: role }, { id: 2, systemRole: targetRole })}`);
        }
      }
    }
    for (const name of ['POST /api/users', 'PUT /api/users/:id (role)', 'DELETE /api/users/:id', 'POST /api/custom-roles']) {
      expect(outcomes).toContain(`${name}:true`);
      expect(outcomes).toContain(`${name}:false`);
    }
  });
});
