/**
 * `pnpm bench:abuse`: what other users wait for while one user attacks the API, on the embedded
 * server (the product's default path: the API started without DATABASE_URL in a fresh DATA_DIR,
 * support/api-site.ts) and, with `--pg=<admin url>`, on that server too: 3,000 /ws frames from one
 * Vendedor, 3,000 chat.send over tRPC, 300 tRPC subscriptions, GET /api/leads of 170,000 leads ×8 in
 * parallel, the CSV export, deleting a group of 168,000 leads, and (issue 28) six tRPC batches of ten
 * board searches each at once, a search flood from five sessions of one Vendedor, and 2,000 tRPC
 * sockets opened by one Vendedor. For each attack: another user's
 * `/api/health` and lead-list p95 against their p95 with nothing running (same run; target ≤ 2×),
 * the API's RSS and the embedded server's PSS at peak (idle once, before the first attack).
 * The API runs the product's own budget of expensive work (env.ts's defaults), and every attack
 * starts with full buckets, as a fresh attacker would. The other user reads the first page of his
 * list, which walks an index and is not priced (endpoints/call-policy.ts, WORK_COST): the probe can
 * ask as often as it likes, as someone scrolling would.
 * Options: --pg=<admin url>, --only=embedded|postgres, --leads=N, --quiet-seconds=N (3),
 * --attacks=ws,chat,subscriptions,list,export,group,board,sessions,sockets (a subset, in that order; all by default).
 */
import os from 'node:os';
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { hashPassword } from '../src/modules/auth/password.js';
import { frameText } from '../src/ws/frame-text.js';
import { type ApiSite, startApiSite } from './support/api-site.js';
import { type OthersLatency, othersText, probeOthers, quietLatency } from './support/latency-probe.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { BENCH_ADMIN, BENCH_OTHER, loginCookie, megabytes, PRODUCT_WORK_BUDGET } from './support/server-process.js';

const LEADS = Number(options['leads'] ?? 170_000);
const GROUPED = Math.round(LEADS * (168 / 170));
const SELLER = { username: 'bench-vendedor', password: 'bench-vendedor-1' };
const QUIET_SECONDS = Number(options['quiet-seconds'] || 3);
const ATTACKS = ['ws', 'chat', 'subscriptions', 'list', 'export', 'group', 'board', 'sessions', 'sockets'] as const;
const chosen = new Set(options['attacks'] ? options['attacks'].split(',') : ATTACKS);

const loadAverage = () => os.loadavg()[0]?.toFixed(1);

async function fill(db: Db): Promise<{ groupId: number; adminId: number }> {
  const [adminHash, sellerHash, otherHash] = await Promise.all(
    [BENCH_ADMIN, SELLER, BENCH_OTHER].map((user) => hashPassword(user.password)),
  );
  const admin = await sql<{ id: number }>`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_ADMIN.username}, 'bench@bench.es', ${adminHash}, 'Bench', 'Admin', 'admin') returning id`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${SELLER.username}, 'vendedor@bench.es', ${sellerHash}, 'Vera', 'Vendedora', 'team_member'),
      (${BENCH_OTHER.username}, 'otro@bench.es', ${otherHash}, 'Óscar', 'Otro', 'team_member')`.execute(db);
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

interface Watch {
  url: string;
  site: ApiSite;
  otherCookie: string;
  quiet: OthersLatency;
}

/** Runs one attack while the other user's requests are timed and the memory sampled; prints against the quiet reference. */
async function during(watch: Watch, key: (typeof ATTACKS)[number], name: string, attack: () => Promise<string | void>): Promise<void> {
  if (!chosen.has(key)) return;
  await sql`delete from user_work_budgets`.execute(watch.site.db);
  const memory = await watch.site.watchMemory();
  const probe = probeOthers(watch.url, watch.otherCookie);
  await probe.ready;
  const extra = await attack();
  const others = await probe.stop();
  const figures = await memory.stop();
  const server = figures.serverPeak === undefined ? '' : `, PSS del servidor integrado ${megabytes(figures.serverPeak)}`;
  console.log(`  ${name}${extra ? `: ${extra}` : ''}`);
  console.log(`    ${othersText(others, watch.quiet)}`);
  console.log(`    pico: RSS de la API ${megabytes(figures.apiPeak)}${server}`);
}

function openSocket(url: string, path: string, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(new URL(path, url.replace(/^http/, 'ws')), { headers: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One tRPC socket attempt: open (kept), closed as soon as it opened, or refused at the upgrade. */
function tryTrpcSocket(url: string, cookie: string): Promise<{ kind: 'opened' | 'closed' | 'refused'; socket?: WebSocket }> {
  const socket = new WebSocket(new URL('/trpc', url.replace(/^http/, 'ws')), { headers: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve({ kind: 'refused' });
    });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.once('close', () => resolve({ kind: 'closed' }));
      setTimeout(() => resolve({ kind: 'opened', socket }), 200);
    });
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

async function benchOn(target: BenchTarget): Promise<void> {
  const filling = performance.now();
  let filled = { groupId: 0, adminId: 0 };
  const site = await startApiSite(target, {
    fill: async (db) => {
      filled = await fill(db);
    },
  });
  const { groupId, adminId } = filled;
  console.log(
    `\n[${TARGET_LABEL[target]}] ${LEADS.toLocaleString('es-ES')} leads cargados y API en marcha en ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );
  console.log(`  Máquina: ${os.cpus().length} CPU, carga media (1 min) al empezar ${loadAverage()}`);
  console.log(
    `  Presupuesto de trabajo caro por usuario: ${PRODUCT_WORK_BUDGET.burst} a la vez, ${PRODUCT_WORK_BUDGET.perSecond} por segundo`,
  );
  const url = site.apis[0]?.url ?? '';
  try {
    const adminCookie = await loginCookie(url);
    const sellerCookie = await loginCookie(url, SELLER);
    const otherCookie = await loginCookie(url, BENCH_OTHER);
    const idle = await (await site.watchMemory()).stop();
    const serverIdle = idle.serverIdle === undefined ? '' : `, PSS del servidor integrado ${megabytes(idle.serverIdle)}`;
    console.log(`  En reposo: RSS de la API ${megabytes(idle.apiIdle)}${serverIdle}`);
    const quiet = await quietLatency(url, otherCookie, QUIET_SECONDS);
    const watch: Watch = { url, site, otherCookie, quiet };

    await during(watch, 'ws', '3.000 marcos /ws de un Vendedor', async () => {
      const socket = await openSocket(url, '/ws', sellerCookie);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      for (let index = 0; index < 3000; index += 1) {
        socket.send(JSON.stringify({ type: 'chat', receiverId: adminId, content: `Hola ${index}` }));
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      socket.close();
      await closed;
    });

    await during(watch, 'chat', '3.000 chat.send por tRPC', async () => {
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

    await during(watch, 'subscriptions', '300 suscripciones tRPC', async () => {
      const socket = await openSocket(url, '/trpc', sellerCookie);
      let errors = 0;
      socket.on('message', (data) => {
        if (frameText(data).includes('"error"')) errors += 1;
      });
      for (let id = 1; id <= 300; id += 1) {
        socket.send(JSON.stringify({ id, method: 'subscription', params: { path: 'live.onEvent', input: { json: {} } } }));
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      socket.close();
      return `${errors} rechazadas`;
    });

    await during(watch, 'list', `GET /api/leads (${LEADS.toLocaleString('es-ES')}) ×8 en paralelo`, async () => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          // A stream the server cut (it waited its turn too long) is counted, not fatal to the run.
          try {
            const response = await fetch(new URL('/api/leads', url), { headers: { cookie: adminCookie } });
            return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
          } catch {
            return { status: 0, bytes: 0 };
          }
        }),
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return `respuestas ${statusText(answers.map((answer) => answer.status))}, ${megabytes(Math.max(...answers.map((answer) => answer.bytes)))} la mayor, todas en ${seconds} s`;
    });

    await during(watch, 'export', 'Exportación CSV de todos los leads', async () => {
      const started = performance.now();
      const response = await fetch(new URL('/api/leads/export', url), { headers: { cookie: adminCookie } });
      const bytes = (await response.arrayBuffer()).byteLength;
      return `HTTP ${response.status}, ${megabytes(bytes)} en ${((performance.now() - started) / 1000).toFixed(1)} s`;
    });

    await during(watch, 'group', `Borrar un grupo de ${GROUPED.toLocaleString('es-ES')} leads`, async () => {
      const started = performance.now();
      const response = await fetch(new URL(`/api/lead-groups/${groupId}`, url), { method: 'DELETE', headers: { cookie: adminCookie } });
      await response.arrayBuffer();
      const answered = performance.now() - started;
      // The group leaves every list with the answer; its leads go afterwards, in the background job
      // (lead-groups.jobs.ts). The heavy part is that job: others are measured until the table no
      // longer holds them, and the attacks after this one start on a quiet server.
      const page = await fetch(new URL(`/api/leads?groupId=${groupId}&limit=1`, url), { headers: { cookie: adminCookie } });
      const listed = ((await page.json()) as { items: unknown[] }).items.length;
      const leadsLeft = async () =>
        (await sql<{ left: boolean }>`select exists (select 1 from leads where group_id = ${groupId}) as left`.execute(watch.site.db))
          .rows[0]?.left ?? false;
      while (await leadsLeft()) await new Promise((resolve) => setTimeout(resolve, 200));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return `HTTP ${response.status} en ${answered.toFixed(0)} ms (${listed} leads del grupo en la lista después), leads borrados en ${seconds} s`;
    });
    await fairShareAttacks(watch, sellerCookie);
    console.log(`  Carga media (1 min) al terminar ${loadAverage()}`);
  } finally {
    await site.stop();
  }
}

/** How many answers had each status: '60× 200, 12× 429' (0: the connection was cut). */
function statusText(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(', ');
}

/** Issue 28's floods by one Vendedor: each call of a tRPC batch, each session and each socket counts against his share. */
async function fairShareAttacks(watch: Watch, sellerCookie: string): Promise<void> {
  const { url } = watch;
  await during(watch, 'board', '6 lotes tRPC de 10 búsquedas en el embudo (q=empresa 1) a la vez', async () => {
    const calls = Array.from({ length: 10 }, () => 'pipeline.board').join(',');
    const input = JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, index) => [index, { json: { q: 'empresa 1' } }])));
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(new URL(`/trpc/${calls}?batch=1&input=${encodeURIComponent(input)}`, url), {
          headers: { cookie: sellerCookie },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    return `respuestas ${statusText(statuses)}`;
  });

  await during(watch, 'sessions', 'Búsquedas sin pausa desde 5 sesiones de un Vendedor (20 s)', async () => {
    const cookies = await Promise.all(Array.from({ length: 5 }, () => loginCookie(url, SELLER)));
    const statuses: number[] = [];
    const until = performance.now() + 20_000;
    await Promise.all(
      cookies.flatMap((cookie) =>
        Array.from({ length: 4 }, async (_, lane) => {
          for (let index = 0; performance.now() < until; index += 1) {
            const q = encodeURIComponent(`empresa ${(index * 7 + lane) % 100}`);
            const response = await fetch(new URL(`/api/leads?q=${q}&limit=50`, url), { headers: { cookie } });
            await response.arrayBuffer();
            statuses.push(response.status);
            if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
      ),
    );
    return `respuestas ${statusText(statuses)}`;
  });

  await during(watch, 'sockets', '2.000 sockets tRPC abiertos por un Vendedor', async () => {
    const outcomes = { opened: 0, closed: 0, refused: 0 };
    const sockets: WebSocket[] = [];
    const started = performance.now();
    await inParallel(2000, 50, async () => {
      const outcome = await tryTrpcSocket(url, sellerCookie);
      outcomes[outcome.kind] += 1;
      if (outcome.socket) sockets.push(outcome.socket);
    });
    for (const socket of sockets) socket.close();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `${outcomes.opened} abiertos, ${outcomes.closed} cerrados al abrir y ${outcomes.refused} rechazados (429) por el límite, en ${seconds} s`;
  });
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
