/** What the chat benchmarks share: workers that wait for the servers' go, seeded users with sessions, percentiles. */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { type Db, insertSession, SESSION_ABSOLUTE_MS } from '@crm/db';
import { sql } from 'kysely';
import { hashPassword } from '../../src/modules/auth/password.js';
import { hashToken, SESSION_COOKIE } from '../../src/sessions/session.js';

export interface BenchClient {
  userId: number;
  url: string;
  cookie?: string;
}

/**
 * Runs a load worker (its entry under support/); the worker posts 'connected' once its sockets
 * are open, gets 'go' after `whenRegistered`, and posts its result.
 */
export async function runWorker<I, R>(entry: string, input: I, whenRegistered: () => Promise<void> = async () => {}): Promise<R> {
  const [result] = await runWorkers<I, R>(entry, [input], whenRegistered, () => 'go');
  return result as R;
}

/**
 * Runs one load worker per input, in parallel threads: once every one of them has posted
 * 'connected', `whenRegistered` runs, then each gets the same go message (`go()`, e.g. a common
 * start time) and the results come back in the inputs' order.
 */
export function runWorkers<I, R>(
  entry: string,
  inputs: readonly I[],
  whenRegistered: () => Promise<void>,
  go: () => unknown,
): Promise<R[]> {
  const workers = inputs.map((input) => new Worker(new URL(entry, import.meta.url), { workerData: input }));
  let connected = 0;
  const results = workers.map(
    (worker) =>
      new Promise<R>((resolve, reject) => {
        worker.on('message', (answer: { connected: true } | { ok: true; result: R } | { ok: false; error: string }) => {
          if ('connected' in answer) {
            connected += 1;
            if (connected === workers.length) {
              whenRegistered().then(() => {
                const message = go();
                for (const each of workers) each.postMessage(message);
              }, reject);
            }
            return;
          }
          void worker.terminate();
          if (answer.ok) resolve(answer.result);
          else reject(new Error(answer.error));
        });
        worker.once('error', reject);
      }),
  );
  return Promise.all(results).finally(() => Promise.all(workers.map((worker) => worker.terminate())));
}

/** Every client's connection is in the presence table, so the connection storm is over before the load starts. */
export async function allRegistered(db: Db, count: number): Promise<void> {
  for (;;) {
    const row = await db
      .selectFrom('live_connections')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * `count` Vendedores named `<prefix>1…`, each with a session written straight into the API's database
 * (as sign-in would, without a thousand password checks); their urls are filled in by the caller.
 */
export async function seedUsers(db: Db, count: number, prefix = 'chat'): Promise<BenchClient[]> {
  const hash = await hashPassword('bench-chat-1');
  await sql`
    insert into users (username, email, password_hash, first_name, last_name, system_role)
    select ${prefix} || n, ${prefix} || n || '@bench.example', ${hash}, 'Usuario', 'Bench ' || n, 'team_member'
    from generate_series(1, ${count}) as n
  `.execute(db);
  const users = await db.selectFrom('users').select('id').where('username', 'like', `${prefix}%`).orderBy('id').execute();
  const clients: BenchClient[] = [];
  for (const user of users) {
    const token = randomBytes(16).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
    await insertSession(db, { id: hashToken(token), userId: user.id, expiresAt, ip: '127.0.0.1', userAgent: 'bench' });
    clients.push({ userId: user.id, url: '', cookie: `${SESSION_COOKIE}=${token}` });
  }
  return clients;
}

/** A latency for the tables, '—' where nothing arrived. */
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');

/** A table column: its heading and width (the heading's length by default; 0 leaves a last, free-text column as it is). */
export interface Column {
  heading: string;
  width?: number;
}

/** Prints a results table: the first column (the scenario) left-aligned, the others right-aligned to their widths. */
export function printTable(columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const align = (cells: readonly string[]) =>
    cells
      .map((cell, index) => {
        const column = columns[index];
        const width = column?.width ?? column?.heading.length ?? 0;
        return index === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ');
  console.log(align(columns.map((column) => column.heading)));
  for (const row of rows) console.log(align(row));
}
