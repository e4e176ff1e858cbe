/**
 * Test harness: a real server on a real PostgreSQL database of its own (on TEST_DATABASE_URL's
 * server, or the embedded one the run started), spoken to over real HTTP with a cookie-keeping client.
 */
import { hash } from '@node-rs/argon2';
import { insertUser } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import type { SystemRole, User } from '@crm/domain';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadEnv } from '../env.js';
import { type RunningServer, startServer } from '../server.js';
import { CookieJar } from './cookie-jar.js';

export const ADMIN_PASSWORD = 'admin-secreto';
export const DEFAULT_PASSWORD = 'clave-segura';

export interface TestServer extends RunningServer {
  database: TestDatabase;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const server = await startServer(
    loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      DATA_DIR: '/nonexistent',
      WORK_BUDGET_BURST: '100000',
      ...env,
    }),
    database,
  );
  return {
    ...server,
    database,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * Runs `body` with a started server on a database of its own. The getter is read inside tests (the
 * server starts in beforeAll).
 */
export function describeWithServer(name: string, body: (server: () => TestServer) => void, env: Record<string, string> = {}): void {
  describe(name, () => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await startTestServer(env);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });
    body(() => {
      if (!server) throw new Error('server not started');
      return server;
    });
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A fetch client that keeps cookies like a browser and speaks JSON. Answers default to `any`
 * on purpose: tests read loosely and each assertion states the shape it expects.
 */
export class ApiClient {
  readonly cookies = new CookieJar();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    const requestHeaders = init.headers as Record<string, string>;
    if (this.cookies.size > 0) requestHeaders.cookie = this.cookies.header();
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      requestHeaders['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), init);
    this.cookies.store(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

/**
 * The password hash of the users the harness inserts: argon2id as the product stores it, at the
 * algorithm's low end. A sign-in verifies with the parameters written in the hash, so the suite's
 * many sign-ins run the product's own verification without the production cost (19 MiB and two
 * passes, auth/password.ts) each time; passwords set through the API are hashed at that cost.
 */
const HARNESS_HASH_OPTIONS = { algorithm: 2 as const, memoryCost: 1024, timeCost: 1, parallelism: 1 };
const harnessHash = (password: string) => hash(password, HARNESS_HASH_OPTIONS);
let defaultHash: Promise<string> | undefined;

/** Inserts a user directly (fast: one shared hash for the default password). */
export async function createUser(
  server: TestServer,
  fields: { username: string; systemRole?: SystemRole; password?: string; firstName?: string; lastName?: string; email?: string },
): Promise<User> {
  const passwordHash = fields.password ? await harnessHash(fields.password) : await (defaultHash ??= harnessHash(DEFAULT_PASSWORD));
  return insertUser(server.ctx.db, {
    username: fields.username,
    email: fields.email ?? `${fields.username}@example.com`,
    password_hash: passwordHash,
    first_name: fields.firstName ?? fields.username,
    last_name: fields.lastName ?? 'Prueba',
    system_role: fields.systemRole ?? 'team_member',
  });
}

export async function loginAs(server: TestServer, username: string, password = DEFAULT_PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const response = await client.post('/api/login', { username, password });
  if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}

let phoneCounter = 0;
/** A Spanish mobile number no other call of this process gives ('+34 6xx xxx xxx'), so leads never collide as duplicates. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const digits = String((Date.now() * 1000 + phoneCounter) % 100_000_000).padStart(8, '0');
  return `+34 6${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

let counter = 0;
/** A unique username per call, so tests in one file never collide. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** One signed-in client per system role (fresh users), and an anonymous one: the usual cast of a permissions test. */
export interface RoleClients {
  admin: ApiClient;
  manager: ApiClient;
  seller: ApiClient;
  anonymous: ApiClient;
  sellerId: number;
}

export async function signInEveryRole(server: TestServer): Promise<RoleClients> {
  const names = { admin: uniqueName('adm'), manager: uniqueName('man'), seller: uniqueName('sel') };
  await createUser(server, { username: names.admin, systemRole: 'admin' });
  await createUser(server, { username: names.manager, systemRole: 'manager' });
  const seller = await createUser(server, { username: names.seller });
  return {
    admin: await loginAs(server, names.admin),
    manager: await loginAs(server, names.manager),
    seller: await loginAs(server, names.seller),
    anonymous: new ApiClient(server.url),
    sellerId: seller.id,
  };
}
