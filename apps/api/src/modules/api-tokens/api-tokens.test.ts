/**
 * /api/tokens and `Authorization: Bearer`: the secret shown once and stored hashed, the user's role
 * narrowed by the scope, revocation, expiry and deactivation at once, CSRF not applied to a token
 * without a cookie, who sees whose tokens, and the per-token limit's headers.
 */
import { createHash } from 'node:crypto';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES, FORBIDDEN_MESSAGE } from '@crm/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { CROSS_ORIGIN_MESSAGE } from '../../http/security.js';
import {
  ADMIN_PASSWORD,
  ApiClient,
  type TestServer,
  createUser,
  describeWithServer,
  loginAs,
  uniqueName,
  uniquePhone,
} from '../../test/harness.js';
import { trpcClientFor, trpcClientWithToken, trpcFailure } from '../../test/trpc-client.js';

const TOKEN_SHAPE = /^crm_[A-Za-z0-9_-]{43}$/;
const HOUR_MS = 60 * 60 * 1000;

/** A plain client (no cookie) sending this token. */
function withToken(server: TestServer, token: string) {
  const client = new ApiClient(server.url);
  const auth = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.request('GET', path, undefined, auth),
    send: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      client.request(method, path, body, { ...auth, ...headers }),
    trpc: trpcClientWithToken(server.url, token),
  };
}

const leadInput = () => ({
  name: uniqueName('Lead token '),
  phone: uniquePhone(),
  email: null,
  assignedTo: null,
  category: 'salud' as const,
  description: 'Creado con un token',
});

describeWithServer('API tokens', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    const names = { manager: uniqueName('tman'), seller: uniqueName('tsel') };
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    sellerId = (await createUser(server(), { username: names.seller })).id;
    [admin, manager, seller] = await Promise.all([
      loginAs(server(), 'admin', ADMIN_PASSWORD),
      loginAs(server(), names.manager),
      loginAs(server(), names.seller),
    ]);
  });

  const create = async (client: ApiClient, body: Record<string, unknown>): Promise<{ id: number; token: string }> => {
    const response = await client.post('/api/tokens', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  it('shows the secret once, stores only its hash, lists the last use and revokes at once', async () => {
    const created = await manager.post('/api/tokens', { name: '  Integración web ', scope: 'write' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Integración web', scope: 'write', expiresAt: null, lastUsedAt: null, lastUsedIp: null });
    expect(created.body.token).toMatch(TOKEN_SHAPE);
    const { id, token } = created.body;

    const rows = await sql<Record<string, unknown>>`select * from api_tokens where id = ${id}`.execute(server().ctx.db);
    expect(rows.rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(token);

    const listed = await manager.get('/api/tokens');
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).not.toHaveProperty('token');
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const caller = withToken(server(), token);
    const me = await caller.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('manager');
    const used = (await manager.get('/api/tokens')).body[0];
    expect(used.lastUsedIp).toBe('127.0.0.1');
    expect(new Date(used.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await manager.delete(`/api/tokens/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect(await caller.get('/api/auth/user')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await manager.get('/api/tokens')).body).toEqual([]);
    expect((await manager.delete(`/api/tokens/${id}`)).status).toBe(404);
  });

  it('records the last use at most once a minute, not on every request', async () => {
    const { id, token } = await create(manager, { name: 'Uso', scope: 'read' });
    const caller = withToken(server(), token);
    await caller.get('/api/auth/user');
    const lastUse = () => sql<{ at: Date }>`select last_used_at as at from api_tokens where id = ${id}`.execute(server().ctx.db);
    const first = (await lastUse()).rows[0]?.at;
    await caller.get('/api/auth/user');
    await caller.get('/api/auth/user');
    expect((await lastUse()).rows[0]?.at).toEqual(first);
    await sql`update api_tokens set last_used_at = now() - interval '2 minutes' where id = ${id}`.execute(server().ctx.db);
    await caller.get('/api/auth/user');
    expect((await lastUse()).rows[0]?.at.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('acts as its user with their role, a write token writing and a read token only reading', async () => {
    const write = withToken(server(), (await create(manager, { name: 'Escritura', scope: 'write' })).token);
    const read = withToken(server(), (await create(manager, { name: 'Lectura', scope: 'read' })).token);

    const lead = await write.send('POST', '/api/leads', leadInput());
    expect(lead.status).toBe(201);
    expect((await read.get(`/api/leads/${lead.body.id}`)).status).toBe(200);
    expect((await read.get('/api/leads?limit=5')).status).toBe(200);

    const before = await server()
      .ctx.db.selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refusals = [
      await read.send('POST', '/api/leads', leadInput()),
      await read.send('PUT', `/api/leads/${lead.body.id}`, { name: 'Cambiado' }),
      await read.send('DELETE', `/api/leads/${lead.body.id}`),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.readOnly } });
    const after = await server()
      .ctx.db.selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await read.get(`/api/leads/${lead.body.id}`)).body.name).toBe(lead.body.name);

    // tRPC over HTTP: queries pass, a mutation is a FORBIDDEN in tRPC's own shape.
    expect((await read.trpc.auth.me.query())?.role).toBe('manager');
    const refused = await trpcFailure(read.trpc.leads.delete.mutate({ id: lead.body.id }));
    expect(refused.data?.code).toBe('FORBIDDEN');
    expect(refused.message).toBe(API_TOKEN_MESSAGES.readOnly);
    expect((await write.trpc.leads.delete.mutate({ id: lead.body.id })).id).toBe(lead.body.id);

    // The role still decides: a seller's write token cannot do what a seller cannot.
    const sellerWrite = withToken(server(), (await create(seller, { name: 'Vendedor', scope: 'write' })).token);
    expect(await sellerWrite.send('POST', '/api/leads', leadInput())).toMatchObject({ status: 403, body: { message: FORBIDDEN_MESSAGE } });
    expect((await trpcFailure(sellerWrite.trpc.leads.create.mutate(leadInput()))).data?.code).toBe('FORBIDDEN');
  });

  it('sends a chat message with a write token, checked against the token rather than a session', async () => {
    const write = withToken(server(), (await create(seller, { name: 'Chat', scope: 'write' })).token);
    const managerId = (await manager.get('/api/auth/user')).body.id;
    const sent = await write.send('POST', '/api/chat/messages', { receiverId: managerId, message: 'Hola desde un programa' });
    expect(sent).toMatchObject({ status: 201, body: { senderId: sellerId, receiverId: managerId, message: 'Hola desde un programa' } });
  });

  it('refuses an unknown, malformed, expired or oversized token with a 401, and ignores other schemes', async () => {
    const { id, token } = await create(manager, { name: 'Caduca', scope: 'read', expiresAt: new Date(Date.now() + HOUR_MS).toISOString() });
    const caller = withToken(server(), token);
    expect((await caller.get('/api/auth/user')).status).toBe(200);
    await sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${id}`.execute(server().ctx.db);
    const expired = await caller.get('/api/auth/user');
    expect(expired).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(expired.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await trpcFailure(caller.trpc.leads.list.query({}))).data?.httpStatus).toBe(401);

    const plain = new ApiClient(server().url);
    for (const header of ['Bearer crm_desconocido', `Bearer ${token.slice(0, -1)}x`, `Bearer ${'a'.repeat(5000)}`]) {
      expect((await plain.request('GET', '/api/health', undefined, { authorization: header })).status).toBe(401);
    }
    // Basic is not our scheme: the request is simply anonymous.
    expect((await plain.request('GET', '/api/health', undefined, { authorization: 'Basic YTpi' })).status).toBe(200);
    expect((await plain.request('GET', '/api/auth/user', undefined, { authorization: 'Basic YTpi' })).status).toBe(401);
  });

  it("stops a deactivated user's tokens at once", async () => {
    const username = uniqueName('tgone');
    const gone = await createUser(server(), { username });
    const token = (await create(await loginAs(server(), username), { name: 'Se va', scope: 'write' })).token;
    const caller = withToken(server(), token);
    expect((await caller.get('/api/auth/user')).status).toBe(200);
    expect((await admin.delete(`/api/users/${gone.id}`)).status).toBe(200);
    expect((await caller.get('/api/auth/user')).status).toBe(401);
    expect(((await admin.get('/api/tokens')).body as { owner: { id: number } }[]).some((t) => t.owner.id === gone.id)).toBe(false);
    expect((await caller.send('POST', '/api/leads/1/notes', { body: 'hola' })).status).toBe(401);
  });

  it('applies no CSRF check to a token without a cookie, and the usual one when a cookie comes too', async () => {
    const token = (await create(manager, { name: 'Otro sitio', scope: 'write' })).token;
    const crossSite = { origin: 'https://otro.example', 'sec-fetch-site': 'cross-site' };
    const viaToken = await withToken(server(), token).send('POST', '/api/leads', leadInput(), crossSite);
    expect(viaToken.status).toBe(201);

    // A cookie beside the token: the request could be a forgery riding the cookie, so the check applies.
    const both = await manager.request('POST', '/api/leads', leadInput(), { ...crossSite, authorization: `Bearer ${token}` });
    expect(both).toMatchObject({ status: 403, body: { message: CROSS_ORIGIN_MESSAGE } });
  });

  it('lets the token win over a cookie, so it can only narrow what the request may do', async () => {
    const read = (await create(seller, { name: 'Estrecha', scope: 'read' })).token;
    const asAdminWithToken = await admin.request('GET', '/api/auth/user', undefined, { authorization: `Bearer ${read}` });
    expect(asAdminWithToken.body.id).toBe(sellerId);
    const write = await admin.request('POST', '/api/leads', leadInput(), { authorization: `Bearer ${read}` });
    expect(write).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.readOnly } });
  });

  it('never lets a token create, list or revoke tokens', async () => {
    const { id, token } = await create(manager, { name: 'Maestro', scope: 'write' });
    const caller = withToken(server(), token);
    const refusal = { status: 403, body: { message: API_TOKEN_MESSAGES.tokensNeedSession } };
    expect(await caller.send('POST', '/api/tokens', { name: 'Hijo', scope: 'write' })).toMatchObject(refusal);
    expect(await caller.get('/api/tokens')).toMatchObject(refusal);
    expect(await caller.send('DELETE', `/api/tokens/${id}`)).toMatchObject(refusal);
    expect((await trpcFailure(caller.trpc.apiTokens.create.mutate({ name: 'Hijo', scope: 'read' }))).message).toBe(
      API_TOKEN_MESSAGES.tokensNeedSession,
    );
  });

  it("shows a seller their own tokens only, and an admin everyone's with the owner", async () => {
    const sellerToken = await create(seller, { name: 'Del vendedor', scope: 'read' });
    const managerToken = await create(manager, { name: 'Del responsable', scope: 'read' });

    const sellerList: { id: number; owner: { id: number } }[] = (await seller.get('/api/tokens')).body;
    expect(sellerList.map((t) => t.id)).toContain(sellerToken.id);
    expect(sellerList.map((t) => t.id)).not.toContain(managerToken.id);
    expect(sellerList.every((t) => t.owner.id === sellerId)).toBe(true);
    expect((await trpcClientFor(seller).apiTokens.list.query()).map((t) => t.id)).not.toContain(managerToken.id);
    expect((await seller.delete(`/api/tokens/${managerToken.id}`)).status).toBe(404);

    const adminList: { id: number; owner: { id: number; name: string } }[] = (await admin.get('/api/tokens')).body;
    expect(adminList.find((t) => t.id === sellerToken.id)?.owner).toMatchObject({ id: sellerId, name: expect.any(String) });
    expect(adminList.map((t) => t.id)).toContain(managerToken.id);
    expect((await trpcClientFor(admin).apiTokens.revoke.mutate({ id: sellerToken.id })).id).toBe(sellerToken.id);
    expect((await withToken(server(), sellerToken.token).get('/api/auth/user')).status).toBe(401);
  });

  it('refuses bad names, scopes and expiry dates in Spanish', async () => {
    const refusals = [
      [{ name: ' ', scope: 'read' }, 'El nombre del token es requerido'],
      [{ name: 'x'.repeat(API_TOKEN_LIMITS.name + 1), scope: 'read' }, `Máximo ${API_TOKEN_LIMITS.name} caracteres`],
      [{ name: 'Malo', scope: 'admin' }, 'Alcance inválido: read o write'],
      [{ name: 'Malo', scope: 'read', expiresAt: 'mañana' }, API_TOKEN_MESSAGES.invalidDate],
      [{ name: 'Malo', scope: 'read', expiresAt: new Date(Date.now() - HOUR_MS).toISOString() }, API_TOKEN_MESSAGES.expiresInPast],
      [
        { name: 'Malo', scope: 'read', expiresAt: new Date(Date.now() + 400 * 24 * HOUR_MS).toISOString() },
        API_TOKEN_MESSAGES.expiresTooFar,
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const response = await admin.post('/api/tokens', body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body.message).toBe(message);
    }
    expect((await admin.delete('/api/tokens/abc')).status).toBe(400);
    expect((await new ApiClient(server().url).post('/api/tokens', { name: 'Anónimo', scope: 'read' })).status).toBe(401);
  });

  it(`keeps at most ${API_TOKEN_LIMITS.perUser} active tokens per person, even when created in parallel`, async () => {
    const username = uniqueName('tmany');
    await createUser(server(), { username });
    const client = await loginAs(server(), username);
    const answers = await Promise.all(
      Array.from({ length: API_TOKEN_LIMITS.perUser + 5 }, (_, i) => client.post('/api/tokens', { name: `T${i}`, scope: 'read' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(API_TOKEN_LIMITS.perUser);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.body.message === API_TOKEN_MESSAGES.limitReached)).toBe(true);
    // Revoking one frees a place.
    const tokens: { id: number }[] = (await client.get('/api/tokens')).body;
    await client.delete(`/api/tokens/${tokens[0]?.id}`);
    expect((await client.post('/api/tokens', { name: 'Otra', scope: 'read' })).status).toBe(201);
  });

  it('sends the RateLimit headers on every token request', async () => {
    const caller = withToken(server(), (await create(manager, { name: 'Cabeceras', scope: 'read' })).token);
    const response = await caller.get('/api/auth/user');
    expect(response.headers.get('ratelimit-limit')).toBe('600');
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(600);
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    expect((await manager.get('/api/auth/user')).headers.get('ratelimit-limit')).toBeNull();
  });

  it('starts a new count with each minute', async () => {
    const { id, token } = await create(manager, { name: 'Minutos', scope: 'read' });
    const caller = withToken(server(), token);
    await caller.get('/api/auth/user');
    await sql`update api_token_usage set used = 600, window_start = window_start - interval '1 minute' where token_id = ${id}`.execute(
      server().ctx.db,
    );
    const next = await caller.get('/api/auth/user');
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('599');
    await sql`update api_token_usage set used = 600 where token_id = ${id}`.execute(server().ctx.db);
    expect((await caller.get('/api/auth/user')).status).toBe(429);
  });
});
