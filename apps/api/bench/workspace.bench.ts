/**
 * `pnpm bench:workspace`: the seller's workspace (issue 11) at 100,000 leads, 1,000,000 history
 * events (one lead with 1,000), 50,000 follow-ups and 200 people, filled in bulk SQL, on PostgreSQL
 * and PGlite. Prints p50/p95 over HTTP of the list sorted by each column (first and second page),
 * 'Mis leads', the board and a column's next page, the 1,000-event history and 'Mis seguimientos';
 * then how late reminders arrive on every owner session, with 2 replica processes on PostgreSQL
 * (PGlite is one process), and how many were duplicated or lost.
 * Targets on PostgreSQL: p95 ≤ 50 ms per read, reminders ≤ 5 s late, 0 duplicated.
 * Options: --rows=N (or BENCH_ROWS; leads, with 10× events and N/2 follow-ups) to smoke-test it small,
 * --runs=N, --reminders=N, --only=postgres|pglite, --pg=<admin url>.
 */
import { LEAD_SORT_FIELDS, SORT_DIRECTIONS } from '@crm/domain';
import { sql } from 'kysely';
import type { ApiProcess } from '../src/test/api-process.js';
import { percentile } from './support/chat-bench-kit.js';
import { benchKinds, benchOptions as options, type BenchTarget, createBenchDatabase, stopBenchServers } from './support/options.js';
import { measureReminders } from './support/reminder-delay.js';
import { BENCH_ADMIN, loginCookie, startServerProcess } from './support/server-process.js';
import { fillWorkspace, type WorkspaceSize } from './support/workspace-fill.js';

const ROWS = Number(options['rows'] ?? process.env['BENCH_ROWS'] ?? 100_000);
const SIZE: WorkspaceSize = { leads: ROWS, members: 200, events: ROWS * 10, followUps: Math.floor(ROWS / 2) };
const RUNS = Number(options['runs'] ?? 100);
const REMINDERS = Number(options['reminders'] ?? 100);
const WARMUP = 10;
const TARGET_P95_MS = 50;
const TARGET_LATE_MS = 5_000;
const SELLER = { username: 'vendedor1', password: BENCH_ADMIN.password };

interface Call {
  name: string;
  path: string;
  cookie: string;
}

async function timeGet(url: string, call: Call): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < WARMUP + RUNS; index += 1) {
    const started = performance.now();
    const response = await fetch(new URL(call.path, url), { headers: { cookie: call.cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${call.name}: HTTP ${response.status}`);
    if (index >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function nextCursorOf(url: string, path: string, cookie: string): Promise<string> {
  const response = await fetch(new URL(path, url), { headers: { cookie } });
  const body = (await response.json()) as { nextCursor?: string | null; columns?: { nextCursor: string | null }[] };
  const cursor = body.nextCursor ?? body.columns?.find((column) => column.nextCursor)?.nextCursor;
  if (!cursor) throw new Error(`${path}: sin página siguiente (¿--rows demasiado pequeño?)`);
  return encodeURIComponent(cursor);
}

async function workspaceCalls(url: string, heavyLeadId: number): Promise<Call[]> {
  const admin = await loginCookie(url);
  const seller = await loginCookie(url, SELLER);
  const calls: Call[] = [];
  for (const field of LEAD_SORT_FIELDS) {
    for (const direction of SORT_DIRECTIONS) {
      const path = `/api/leads?view=leads&limit=50&sort=${field}:${direction}`;
      calls.push({ name: `Lista por ${field} ${direction}`, path, cookie: admin });
      const cursor = await nextCursorOf(url, path, admin);
      calls.push({ name: `Lista por ${field} ${direction}, 2ª pág.`, path: `${path}&cursor=${cursor}`, cookie: admin });
    }
  }
  const boardCursor = await nextCursorOf(url, '/api/pipeline', admin);
  calls.push(
    { name: "'Mis leads'", path: '/api/leads?view=leads&limit=50&assignedTo=me', cookie: seller },
    {
      name: "'Mis leads' por próximo seguimiento",
      path: '/api/leads?view=leads&limit=50&assignedTo=me&sort=nextFollowUp:asc',
      cookie: seller,
    },
    { name: 'Embudo (5 columnas con recuento)', path: '/api/pipeline', cookie: admin },
    { name: "Embudo de 'Mis leads'", path: '/api/pipeline?assignedTo=me', cookie: seller },
    { name: 'Página siguiente de una columna', path: `/api/pipeline/column?status=nuevo&cursor=${boardCursor}`, cookie: admin },
    { name: 'Historial entero (1.000 eventos)', path: `/api/leads/${heavyLeadId}/history`, cookie: admin },
    { name: "'Mis seguimientos'", path: '/api/follow-ups?scope=mine&due=all&done=false', cookie: seller },
    { name: 'Seguimientos del equipo', path: '/api/follow-ups?scope=team&due=all&done=false', cookie: admin },
    { name: 'Contador de la barra lateral', path: '/api/follow-ups/badge', cookie: seller },
  );
  return calls;
}

async function benchOn(kind: BenchTarget): Promise<void> {
  const database = await createBenchDatabase(kind);
  const filling = performance.now();
  await fillWorkspace(database.db, SIZE);
  const heavy = await sql<{ id: number }>`select min(id) as id from leads`.execute(database.db);
  await database.close();
  const seconds = ((performance.now() - filling) / 1000).toFixed(1);
  console.log(
    `\n[${kind}] ${SIZE.leads.toLocaleString('es-ES')} leads, ${SIZE.events.toLocaleString('es-ES')} eventos, ` +
      `${SIZE.followUps.toLocaleString('es-ES')} seguimientos, ${SIZE.members} personas cargados en ${seconds} s`,
  );

  // PGlite is one process over its directory; PostgreSQL gets two replicas, as in production.
  const replicas: ApiProcess[] = [];
  try {
    const source = { DATABASE_URL: database.url };
    for (let index = 0; index < (kind === 'postgres' ? 2 : 1); index += 1) replicas.push(await startServerProcess(source));
    const url = replicas[0]?.url ?? '';
    let worst = 0;
    for (const call of await workspaceCalls(url, heavy.rows[0]?.id ?? 1)) {
      const { p50, p95 } = await timeGet(url, call);
      worst = Math.max(worst, p95);
      const mark = kind === 'postgres' ? (p95 <= TARGET_P95_MS ? ' ✓' : ' ✗') : '';
      console.log(`  ${call.name.padEnd(40)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms${mark}`);
    }
    const reminders = await measureReminders(
      replicas.map((replica) => replica.url),
      await loginCookie(url),
      REMINDERS,
    );
    console.log(
      `  recordatorios: ${reminders.reminders} con ${reminders.sessions} réplica(s), una sesión del dueño en cada una: retraso p50 ${reminders.p50} ms, ` +
        `p95 ${reminders.p95} ms, peor ${reminders.worst} ms; duplicados ${reminders.duplicated}, perdidos ${reminders.lost}`,
    );
    if (kind === 'postgres') {
      const readsOk = worst <= TARGET_P95_MS;
      const remindersOk = reminders.worst <= TARGET_LATE_MS && reminders.duplicated === 0 && reminders.lost === 0;
      console.log(`  peor p95 de lectura ${worst.toFixed(1)} ms ${readsOk ? '✓' : '✗'} objetivo ≤ ${TARGET_P95_MS} ms`);
      console.log(`  recordatorios ${remindersOk ? '✓' : '✗'} objetivo ≤ ${TARGET_LATE_MS} ms de retraso, 0 duplicados, 0 perdidos`);
    }
  } finally {
    for (const replica of replicas) await replica.stop();
    await database.drop();
  }
}

for (const kind of benchKinds) await benchOn(kind);
await stopBenchServers();
