/**
 * `pnpm bench:abuse`: how long `/api/health` waits while one user attacks the server, on PGlite
 * and PostgreSQL: 3,000 /ws frames from one Vendedor, 3,000 chat.send over tRPC, 300 tRPC
 * subscriptions, GET /api/leads of 170,000 leads ×8 in parallel (with the server's peak RSS),
 * the CSV export, and deleting a group of 168,000 leads. Prints the worst and p95 health
 * latency of each (target ≤ 250 ms). Options: --pg=<admin url>, --only=postgres|pglite, --leads=N,
 * --attacks=ws,chat,subscriptions,list,export,group (a subset, in that order; all by default).
 */
import os from 'node:os';
import { createTestDatabase } from '@crm/db/testing';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { hashPassword } from '../src/modules/auth/password.js';
import { frameText } from '../src/ws/frame-text.js';
import { probeLatency, worstAndP95 } from './support/latency-probe.js';
import { benchKinds, benchOptions as options, type BenchTarget, createBenchDatabase, stopBenchServers } from './support/options.js';
import { BENCH_ADMIN, loginCookie, megabytes, samplePeak, startServerProcess } from './support/server-process.js';

const LEADS = Number(options['leads'] ?? 170_000);
const GROUPED = Math.round(LEADS * (168 / 170));
const SELLER = { username: 'bench-vendedor', password: 'bench-vendedor-1' };
const TARGET_MS = 250;
const ATTACKS = ['ws', 'chat', 'subscriptions', 'list', 'export', 'group'] as const;
const chosen = new Set(options['attacks'] ? options['attacks'].split(',') : ATTACKS);

const loadAverage = () => os.loadavg()[0]?.toFixed(1);

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

async function fill(db: Db): Promise<{ groupId: number; adminId: number }> {
  const [adminHash, sellerHash] = await Promise.all([hashPassword(BENCH_ADMIN.password), hashPassword(SELLER.password)]);
  const admin = await sql<{ id: number }>`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_ADMIN.username}, 'bench@bench.es', ${adminHash}, 'Bench', 'Admin', 'admin') returning id`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${SELLER.username}, 'vendedor@bench.es', ${sellerHash}, 'Vera', 'Vendedora', 'team_member')`.execute(db);
  const group = await sql<{ id: number }>`insert into lead_groups (name) values ('Importación masiva') returning id`.execute(db);
  const groupId = group.rows[0]?.id ?? 0;
  await sql`insert into leads (name, email, phone, category, description, group_id, search_text, created_at)
    select 'Empresa ' || g, 'contacto' || g || '@empresa.es', '+34 6' || lpad(g::text, 8, '0'), 'otros', 'Lead de prueba',
      case when g <= ${GROUPED} then ${groupId}::int end, 'empresa ' || g || ' contacto' || g || '@empresa.es',
      now() - g * interval '1 second'
    from generate_series(1, ${LEADS}) g`.execute(db);
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze lead_search`.execute(db);
  return { groupId, adminId: admin.rows[0]?.id ?? 0 };
}

function probeHealth(url: string) {
  return probeLatency(new URL('/api/health', url).href);
}

function report(name: string, times: number[], extra = ''): void {
  const { worst, p95 } = worstAndP95(times);
  const mark = worst <= TARGET_MS ? '✓' : '✗';
  console.log(`  ${name.padEnd(44)} peor ${worst.toFixed(0).padStart(6)} ms  p95 ${p95.toFixed(0).padStart(5)} ms ${mark}${extra}`);
}

async function during(url: string, key: (typeof ATTACKS)[number], name: string, attack: () => Promise<string | void>): Promise<void> {
  if (!chosen.has(key)) return;
  const probe = probeHealth(url);
  await probe.ready;
  const extra = await attack();
  report(name, await probe.stop(), extra ? `  ${extra}` : '');
}

function openSocket(url: string, path: string, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(new URL(path, url.replace(/^http/, 'ws')), { headers: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function inParallel(count: number, width: number, work: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++).catch(() => undefined);
    }),
  );
}

async function benchOn(kind: BenchTarget): Promise<void> {
  const database = await createBenchDatabase(kind);
  const filling = performance.now();
  const { groupId, adminId } = await fill(database.db);
  await database.close();
  console.log(`\n[${kind}] ${LEADS.toLocaleString('es-ES')} leads cargados en ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  console.log(`  Máquina: ${os.cpus().length} CPU, carga media (1 min) al empezar ${loadAverage()}`);
  const server = await startServerProcess({ DATABASE_URL: database.url });
  const { url } = server;
  try {
    const adminCookie = await loginCookie(url);
    const login = await fetch(new URL('/api/login', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SELLER),
    });
    const sellerCookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    report(
      'Referencia: sin ataque (2 s)',
      await (async () => {
        const probe = probeHealth(url);
        await probe.ready;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return probe.stop();
      })(),
    );

    await during(url, 'ws', '3.000 marcos /ws de un Vendedor', async () => {
      const socket = await openSocket(url, '/ws', sellerCookie);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      for (let index = 0; index < 3000; index += 1) {
        socket.send(JSON.stringify({ type: 'chat', receiverId: adminId, content: `Hola ${index}` }));
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      socket.close();
      await closed;
    });

    await during(url, 'chat', '3.000 chat.send por tRPC', async () => {
      const refused = { count: 0 };
      await inParallel(3000, 50, async (index) => {
        const response = await fetch(new URL('/trpc/chat.send', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: sellerCookie },
          body: JSON.stringify({ json: { receiverId: adminId, message: `Hola ${index}` } }),
        });
        if (!response.ok) refused.count += 1;
        await response.arrayBuffer();
      });
      return `${refused.count} rechazadas`;
    });

    await during(url, 'subscriptions', '300 suscripciones tRPC', async () => {
      const socket = await openSocket(url, '/trpc', sellerCookie);
      let errors = 0;
      socket.on('message', (data) => {
        if (frameText(data).includes('"error"')) errors += 1;
      });
      for (let id = 1; id <= 300; id += 1) {
        socket.send(JSON.stringify({ id, method: 'subscription', params: { path: 'chat.onEvent', input: { json: {} } } }));
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      socket.close();
      return `${errors} rechazadas`;
    });

    await during(url, 'list', `GET /api/leads (${LEADS.toLocaleString('es-ES')}) ×8 en paralelo`, async () => {
      const rss = samplePeak(() => server.rss());
      const sizes = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const response = await fetch(new URL('/api/leads', url), { headers: { cookie: adminCookie } });
          return (await response.arrayBuffer()).byteLength;
        }),
      );
      return `${megabytes(sizes[0] ?? 0)} cada una, RSS pico ${megabytes(await rss.stop())}`;
    });

    await during(url, 'export', 'Exportación CSV de todos los leads', async () => {
      const response = await fetch(new URL('/api/leads/export', url), { headers: { cookie: adminCookie } });
      return megabytes((await response.arrayBuffer()).byteLength);
    });

    await during(url, 'group', `Borrar un grupo de ${GROUPED.toLocaleString('es-ES')} leads`, async () => {
      const started = performance.now();
      const response = await fetch(new URL(`/api/lead-groups/${groupId}`, url), { method: 'DELETE', headers: { cookie: adminCookie } });
      await response.arrayBuffer();
      const answered = performance.now() - started;
      // The leads go in batches after the answer: wait until the list no longer holds them.
      for (;;) {
        const page = await fetch(new URL(`/api/leads?groupId=${groupId}&limit=1`, url), { headers: { cookie: adminCookie } });
        const body = (await page.json()) as { items: unknown[] };
        if (body.items.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return `HTTP ${response.status} en ${answered.toFixed(0)} ms, leads borrados en ${((performance.now() - started) / 1000).toFixed(1)} s`;
    });
    console.log(`  Carga media (1 min) al terminar ${loadAverage()}`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

for (const kind of benchKinds) await benchOn(kind);
await stopBenchServers();
