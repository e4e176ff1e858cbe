/**
 * `pnpm bench:workspace`: the seller's workspace (issue 11) at 100,000 leads, 1,000,000 history
 * events (one lead with 1,000), 50,000 follow-ups, 300,000 contacts and 200 people, filled in bulk
 * SQL. Ctrl+K by a lead's and by a contact's phone fragment and by a contact's name too. Prints p50/p95
 * over HTTP of the list sorted by each column (first and second page), 'Mis leads', the board and a
 * column's next page, the 1,000-event history and 'Mis seguimientos'; then how late reminders
 * arrive on every owner session, and how many were duplicated or lost (target: none); the first
 * replica's RSS and the embedded server's PSS, idle and at peak; with both servers, each read's p95
 * on both and their ratio. Two replica processes, as in production, so both must reach one server:
 * a fresh database of the benchmark's embedded server by DATABASE_URL (support/api-site.ts) and,
 * with `--pg=<admin url>`, of that server too.
 * Issue 29: with 20 custom fields filled on every lead (defined through the API, indexes and all),
 * a list filtered and sorted by custom fields against the same by built-in ones: p95 ≤ 2×.
 * Options: --rows=N (or BENCH_ROWS; leads, with 10× events and N/2 follow-ups) to smoke-test it small,
 * --runs=N, --reminders=N, --only=embedded|postgres, --pg=<admin url>.
 */
import { LEAD_SORT_FIELDS, SORT_DIRECTIONS } from '@crm/domain';
import { sql } from 'kysely';
import { startApiSite } from './support/api-site.js';
import { percentile } from './support/chat-bench-kit.js';
import { type P95ByTarget, printP95Ratios } from './support/compare.js';
import { memoryText } from './support/memory.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { measureReminders } from './support/reminder-delay.js';
import { BENCH_ADMIN, LIFTED_WORK_BUDGET, loginCookie } from './support/server-process.js';
import { contactName, contactPhoneDigits, fillWorkspace, type WorkspaceSize } from './support/workspace-fill.js';
import { SECTORS, defineBenchFields, fillCustomValues } from './support/custom-fields-fill.js';

const ROWS = Number(options['rows'] ?? process.env['BENCH_ROWS'] ?? 100_000);
const SIZE: WorkspaceSize = { leads: ROWS, members: 200, events: ROWS * 10, followUps: Math.floor(ROWS / 2) };
const RUNS = Number(options['runs'] ?? 100);
const REMINDERS = Number(options['reminders'] ?? 100);
const WARMUP = 10;
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
  // Issue 29: a list filtered and sorted by custom fields against the same by built-in ones (one
  // value in eight each: the category, the sector), first and second page.
  const cf = encodeURIComponent(JSON.stringify({ sector: { eq: SECTORS[1] } }));
  const filteredLists = [
    { name: 'Lista por categoría, orden por nombre', path: '/api/leads?limit=50&category=salud&sort=name:asc' },
    { name: 'Lista por campo (selección), orden por campo (número)', path: `/api/leads?limit=50&cf=${cf}&sort=cf.empleados:asc` },
    { name: 'Lista por campo (selección), orden por campo (importe)', path: `/api/leads?limit=50&cf=${cf}&sort=cf.facturacion:desc` },
  ];
  for (const list of filteredLists) {
    calls.push({ ...list, cookie: admin });
    const cursor = await nextCursorOf(url, list.path, admin);
    calls.push({ name: `${list.name}, 2ª pág.`, path: `${list.path}&cursor=${cursor}`, cookie: admin });
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
    ...searchCalls(seller),
  );
  return calls;
}

/**
 * Ctrl+K by a phone fragment of a lead, and of one of its contacts (issue 29: the contact's p95 at
 * most 2× the lead's), and by a contact's name: a lead from the middle of the table.
 */
function searchCalls(cookie: string): Call[] {
  const g = Math.floor(ROWS / 2) + 1;
  const leadDigits = `6${String(g).padStart(8, '0')}`;
  const fragment = (digits: string) => encodeURIComponent(`${digits.slice(-7, -3)} ${digits.slice(-3)}`);
  return [
    { name: 'Ctrl+K por teléfono de un lead', path: `/api/search?q=${fragment(leadDigits)}`, cookie },
    { name: 'Ctrl+K por teléfono de un contacto', path: `/api/search?q=${fragment(contactPhoneDigits(g, 1))}`, cookie },
    { name: 'Ctrl+K por nombre de un contacto', path: `/api/search?q=${encodeURIComponent(contactName(g, 0))}`, cookie },
  ];
}

async function benchOn(target: BenchTarget, p95s: P95ByTarget): Promise<void> {
  const filling = performance.now();
  let heavyLeadId = 1;
  const site = await startApiSite(target, {
    env: LIFTED_WORK_BUDGET,
    replicas: 2,
    fill: async (db) => {
      await fillWorkspace(db, SIZE);
      await fillCustomValues(db);
      heavyLeadId = (await sql<{ id: number }>`select min(id) as id from leads`.execute(db)).rows[0]?.id ?? 1;
    },
  });
  const seconds = ((performance.now() - filling) / 1000).toFixed(1);
  console.log(
    `\n[${TARGET_LABEL[target]}] ${SIZE.leads.toLocaleString('es-ES')} leads, ${SIZE.events.toLocaleString('es-ES')} eventos, ` +
      `${SIZE.followUps.toLocaleString('es-ES')} seguimientos, ${SIZE.members} personas cargados y 2 réplicas en marcha en ${seconds} s`,
  );
  const p95ByCall = new Map<string, number>();
  p95s.set(target, p95ByCall);
  try {
    const url = site.apis[0]?.url ?? '';
    const defining = await defineBenchFields(url, await loginCookie(url));
    console.log(`  20 campos personalizados definidos (con sus índices) en ${(defining / 1000).toFixed(1)} s`);
    const memory = await site.watchMemory();
    for (const call of await workspaceCalls(url, heavyLeadId)) {
      const { p50, p95 } = await timeGet(url, call);
      p95ByCall.set(call.name, p95);
      console.log(`  ${call.name.padEnd(40)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
    }
    const reminders = await measureReminders(
      site.apis.map((replica) => replica.url),
      await loginCookie(url),
      REMINDERS,
    );
    const exactlyOnce = reminders.duplicated === 0 && reminders.lost === 0;
    console.log(
      `  recordatorios: ${reminders.reminders} con ${reminders.sessions} réplica(s), una sesión del dueño en cada una: retraso p50 ${reminders.p50} ms, ` +
        `p95 ${reminders.p95} ms, peor ${reminders.worst} ms; duplicados ${reminders.duplicated}, perdidos ${reminders.lost} ${exactlyOnce ? '✓' : '✗'}`,
    );
    console.log(`  ${memoryText(await memory.stop())}`);
  } finally {
    await site.stop();
  }
}

/** Issue 29's target: each custom-field list's p95 at most 2× the built-in one's, same run. */
function printCustomFieldRatios(p95s: P95ByTarget): void {
  for (const [target, byCall] of p95s) {
    for (const page of ['', ', 2ª pág.']) {
      const builtIn = byCall.get(`Lista por categoría, orden por nombre${page}`) ?? Number.NaN;
      for (const name of [
        'Lista por campo (selección), orden por campo (número)',
        'Lista por campo (selección), orden por campo (importe)',
      ]) {
        const ratio = (byCall.get(`${name}${page}`) ?? Number.NaN) / builtIn;
        console.log(
          `[${TARGET_LABEL[target]}] ${name}${page}: ${ratio.toFixed(2)}× la lista por campos propios ${ratio <= 2 ? '✓' : '✗ (objetivo ≤ 2×)'}`,
        );
      }
    }
  }
}

await runBench(async () => {
  const p95s: P95ByTarget = new Map();
  for (const target of benchTargets) await benchOn(target, p95s);
  printP95Ratios(p95s);
  printCustomFieldRatios(p95s);
});
