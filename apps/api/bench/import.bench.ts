/**
 * `pnpm bench:import`: imports over HTTP into a started API, on the embedded server (the product's
 * default) and, with `--pg=<admin url>`, on that server too:
 * - a realistic 10 MB CSV through the documented `POST /api/leads/import`, against `psql \copy` of
 *   what that import stores (its lead rows and their history entries, into tables with all their
 *   indexes and triggers) on the same server in the same round; with both servers, the embedded
 *   import against `--pg`'s (target ≤ 1.1×);
 * - the same file a second time as an import job with 'Actualizar los existentes' (upsert);
 * - the same rows as an .xlsx workbook, as an import job; the upsert and the workbook each against
 *   a \copy of the same rows on the same server just before;
 * - the same rows with five more columns, each mapped to a field made by '＋ Crear campo' (issue 29),
 *   against the same file without them, each as an import job on a new API and database, the two
 *   taking turns in each round (target ≤ 1.3×);
 * - a 30 MB .xlsx and a 100 MB CSV with IMPORT_MAX_MB=100, as import jobs, with the API's peak RSS
 *   against its idle RSS (the CSV's growth target: ≤ 150 MB).
 * The embedded default is the product's own path: the API starts WITHOUT DATABASE_URL in a fresh
 * DATA_DIR and starts its own server (support/api-site.ts); the benchmark attaches to that server for
 * the \copy baseline and its checkpoints. During each import other users' `/api/health` and lead-list
 * p95 are compared with their p95 with nothing running, just before on the same server (target ≤ 2×),
 * and the API's RSS and the embedded server's PSS are printed, idle and at peak.
 * The 10 MB import runs in several rounds, each import on a new API and database right after its own
 * \copy, the servers taking turns: a shared machine's speed drifts by half within minutes, so a ratio
 * is only fair between neighbours; the summary gives the rounds' medians. Each round imports twice:
 * alone, as the \copy ran (the ratio the target bounds: like with like), and while other users probe
 * (their latency; the probes' own work takes CPU the \copy had to itself).
 * Options: --pg=<admin url>, --only=embedded|postgres, --skip-large (no 100 MB run), --rounds=N (3),
 * --rows=N (a smaller file, to smoke-test; the 100 MB one shrinks alike), --quiet-seconds=N (3: the
 * reference without work), --probe-pause=ms (100: the pause between one probe request's answer and the next).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { insertCustomField } from '@crm/db';
import { createTestDatabase } from '@crm/db/testing';
import { IMPORT_LIMITS } from '@crm/domain';
import { type ApiSite, startApiSite } from './support/api-site.js';
import {
  BUSINESS_COLUMNS,
  COPY_HISTORY_COLUMNS,
  COPY_LEAD_COLUMNS,
  CUSTOM_COLUMNS,
  writeBusinessCsv,
  writeCopyCsvs,
} from './support/business-csv.js';
import { writeBusinessXlsx } from './support/business-xlsx.js';
import { type MemoryFigures, memoryText } from './support/memory.js';
import { type OthersLatency, othersText, probeOthers, quietLatency } from './support/latency-probe.js';
import { benchOptions, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { loginCookie, megabytes } from './support/server-process.js';

const MB = 1024 * 1024;
/** Issue 27's bound: the 10 MB import at most 1.3× psql \copy of the same rows, both with nothing else running. */
const COPY_RATIO_TARGET = 1.3;
/** The issue's bound: the embedded default's 10 MB import at most 1.1× the same import on `--pg`'s server. */
const EMBEDDED_RATIO_TARGET = 1.1;
/** Issue 29's bound: the file with five columns mapped to new custom fields at most 1.3× the same file without them. */
const CUSTOM_COLUMNS_RATIO_TARGET = 1.3;
/** The file with the extra columns passes the 10 MB default: both sides of that comparison run with this limit. */
const CUSTOM_COLUMNS_ENV = { IMPORT_MAX_MB: '20' };
const LARGE_RSS_TARGET = 150 * MB;
const SELLER_PASSWORD = 'bench-vendedor-1';
const COPY_IDS = { groupId: 1, userId: 1 };
/** The field writeCopyCsvs' `custom_fields` fill, as an import of the file defines it (import-custom-columns.ts). */
const ORIGINAL_CATEGORY_FIELD: Omit<Parameters<typeof insertCustomField>[1], 'createdBy'> = {
  entity: 'lead',
  key: 'categoria_original',
  label: 'Categoría original',
  type: 'text',
  options: [],
  required: false,
};
const ROUNDS = Number(benchOptions['rounds'] || 3);
/** `--rows=N` writes files of about N rows instead of the 10 MB and 100 MB ones (a smoke test). */
const SMOKE_ROWS = benchOptions['rows'] ? Number(benchOptions['rows']) : undefined;
const QUIET_SECONDS = Number(benchOptions['quiet-seconds'] || 3);
/**
 * The other user's pace: each probe asks again 100 ms after its answer (about 10 requests a second
 * each, far busier than a person). At 10 ms the probes' own server work took CPU from the import
 * that \copy had to itself: on a 2-core machine the PostgreSQL median went from 7.2 to 8.1 s.
 * `--probe-pause=10` for that pace.
 */
const PROBE_PAUSE_MS = Number(benchOptions['probe-pause'] || 100);

const run = promisify(execFile);

interface Outcome {
  seconds: number;
  imported: number;
  updated: number;
  skipped: number;
  memory: MemoryFigures;
  others: OthersLatency;
  quiet: OthersLatency;
}

interface Server {
  site: ApiSite;
  url: string;
  adminCookie: string;
  sellerCookie: string;
}

/**
 * psql \copy of what the import stores (see writeCopyCsvs: the same lead rows, and the history entry
 * each imported lead gets) into a migrated database on the given server, with every index and
 * trigger those tables have: the floor the import is compared with. Timed from the first \copy to
 * the end of the second. The leads table also has the indexes of 'Categoría original', the field an
 * import with a category column fills (docs/custom-fields.md), defined as the product defines it.
 */
async function psqlCopySeconds(adminUrl: string, paths: { leads: string; history: string }): Promise<number> {
  const database = await createTestDatabase({ adminUrl });
  try {
    const psql = (...commands: string[]) =>
      run('psql', [database.url, '-v', 'ON_ERROR_STOP=1', '-q', ...commands.flatMap((command) => ['-c', command])]);
    await psql(
      `insert into users (id, username, password_hash) values (${COPY_IDS.userId}, 'copy', '-')`,
      `insert into lead_groups (id, name, created_by) values (${COPY_IDS.groupId}, 'copy', ${COPY_IDS.userId})`,
    );
    await insertCustomField(database.db, { ...ORIGINAL_CATEGORY_FIELD, createdBy: COPY_IDS.userId });
    await checkpoint(database.url);
    const started = performance.now();
    await psql(
      `\\copy leads (${COPY_LEAD_COLUMNS}) from '${paths.leads}' with (format csv)`,
      `\\copy lead_history (${COPY_HISTORY_COLUMNS}) from '${paths.history}' with (format csv)`,
    );
    return (performance.now() - started) / 1000;
  } finally {
    await database.drop();
  }
}

/**
 * Writes PostgreSQL's dirty pages out now, so a timed step does not pay for the writes of the steps
 * before it (each round writes hundreds of MB). Without it the rounds took 5.5, 6.7 and 7.7 s, each
 * slower than the one before; with it 5.2, 5.9 and 5.6 s (two runs minutes apart on a 2-core machine).
 */
async function checkpoint(url: string): Promise<void> {
  await run('psql', [url, '-q', '-c', 'checkpoint']);
}

/** A fresh API and database on the target (support/api-site.ts), with the admin and a Vendedor signed in. */
async function withServer(target: BenchTarget, env: Record<string, string>, work: (server: Server) => Promise<void>): Promise<void> {
  const site = await startApiSite(target, { env });
  try {
    const url = site.apis[0]?.url ?? '';
    const adminCookie = await loginCookie(url);
    const created = await fetch(new URL('/api/users', url), {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Vera', lastName: 'Vendedora', email: 'vera@bench.es', password: SELLER_PASSWORD }),
    });
    const seller = (await created.json()) as { username: string };
    const sellerCookie = await loginCookie(url, { username: seller.username, password: SELLER_PASSWORD });
    await work({ site, url, adminCookie, sellerCookie });
  } finally {
    await site.stop();
  }
}

/**
 * Runs one import while other users' health checks and list pages are timed and the memory sampled,
 * after the same probes with nothing running (the reference) and a checkpoint.
 */
async function measured(server: Server, importFile: () => Promise<Pick<Outcome, 'imported' | 'updated' | 'skipped'>>): Promise<Outcome> {
  await checkpoint(server.site.databaseUrl);
  const quiet = await quietLatency(server.url, server.sellerCookie, QUIET_SECONDS, PROBE_PAUSE_MS);
  const memory = await server.site.watchMemory();
  const probe = probeOthers(server.url, server.sellerCookie, PROBE_PAUSE_MS);
  await probe.ready;
  const started = performance.now();
  const counts = await importFile();
  const seconds = (performance.now() - started) / 1000;
  return { ...counts, seconds, memory: await memory.stop(), others: await probe.stop(), quiet };
}

async function fileForm(filePath: string, fields: Record<string, string> = {}): Promise<FormData> {
  const bytes = await readFile(filePath);
  const form = new FormData();
  const type = filePath.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  form.append('file', new Blob([bytes], { type }), path.basename(filePath));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The documented one-call import: it runs a job and answers when it ends. */
async function importInOneCall(server: Server, filePath: string, groupName: string) {
  const form = await fileForm(filePath, { groupName });
  const response = await fetch(new URL('/api/leads/import', server.url), {
    method: 'POST',
    headers: { cookie: server.adminCookie },
    body: form,
  });
  const body = (await response.json()) as { imported?: number; skipped?: number; updated?: number; message?: string };
  if (!response.ok) throw new Error(`import ${response.status}: ${body.message}`);
  return { imported: body.imported ?? 0, updated: body.updated ?? 0, skipped: body.skipped ?? 0 };
}

interface NewField {
  column: number;
  label: string;
  type: string;
}

/**
 * The screen's way: upload (preview), start with the guessed mapping, follow the job until it ends.
 * `newFields`: columns for '＋ Crear campo', taken out of the guessed built-in mapping.
 */
async function importAsJob(
  server: Server,
  filePath: string,
  groupName: string,
  onDuplicate: 'skip' | 'update',
  newFields: NewField[] = [],
) {
  const { url } = server;
  const headers = { cookie: server.adminCookie };
  const uploaded = await fetch(new URL('/api/import-jobs', url), {
    method: 'POST',
    headers,
    body: await fileForm(filePath),
  });
  const preview = (await uploaded.json()) as { id: number; mapping: Record<string, number>; message?: string };
  if (!uploaded.ok) throw new Error(`upload ${uploaded.status}: ${preview.message}`);
  const created = new Set(newFields.map((field) => field.column));
  const mapping = Object.fromEntries(Object.entries(preview.mapping).filter(([, column]) => !created.has(column)));
  const started = await fetch(new URL(`/api/import-jobs/${preview.id}/start`, url), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ groupName, mapping, onDuplicate, ...(newFields.length > 0 ? { newFields } : {}) }),
  });
  if (!started.ok) throw new Error(`start ${started.status}: ${await started.text()}`);
  for (;;) {
    const state = (await (await fetch(new URL(`/api/import-jobs/${preview.id}`, url), { headers })).json()) as {
      status: string;
      imported: number;
      updated: number;
      skipped: number;
      failure: string | null;
    };
    if (state.status === 'done') return { imported: state.imported, updated: state.updated, skipped: state.skipped };
    if (state.status !== 'uploaded' && state.status !== 'running') throw new Error(`job ${state.status}: ${state.failure}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function mark(ok: boolean): string {
  return ok ? '✓' : '✗';
}

const count = (value: number) => value.toLocaleString('es-ES');

function print(target: BenchTarget, name: string, rows: number, outcome: Outcome, extra = ''): void {
  console.log(
    `[${TARGET_LABEL[target]}] ${name}: ${outcome.seconds.toFixed(2)} s, ${count(Math.round(rows / outcome.seconds))} filas/s ` +
      `(importadas ${count(outcome.imported)}, actualizadas ${count(outcome.updated)}, omitidas ${count(outcome.skipped)})${extra}\n` +
      `    ${memoryText(outcome.memory)}\n` +
      `    ${othersText(outcome.others, outcome.quiet)}`,
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Files {
  csv: string;
  /** The same rows with CUSTOM_COLUMNS. */
  customCsv: string;
  xlsx: string;
  large: string | null;
  /** About 30 MB of workbook: the big spreadsheet a team might send. */
  largeXlsx: { path: string; rows: number } | null;
  rows: number;
  largeRows: number;
  copy: { leads: string; history: string };
}

/** The 10 MB CSV's figures in one round on one server: its \copy, and the import alone and while other users work. */
interface RoundFigures {
  /** The import with nothing else running, as the \copy ran. */
  alone: { seconds: number; copySeconds: number };
  /** The import while three other users probe (other users' latency is measured on this one). */
  probed: { seconds: number; copySeconds: number };
}

/**
 * The 10 MB CSV on a new API and database, right after its own \copy: `work` imports it, prints its
 * line with the ratio to that \copy and answers the import's seconds.
 */
async function csvImportAfterCopy(
  target: BenchTarget,
  files: Files,
  work: (server: Server, copySeconds: number) => Promise<number>,
): Promise<{ seconds: number; copySeconds: number }> {
  let figures = { seconds: Number.NaN, copySeconds: Number.NaN };
  await withServer(target, {}, async (server) => {
    const copySeconds = await psqlCopySeconds(server.site.adminUrl, files.copy);
    console.log(
      `[${TARGET_LABEL[target]}] psql \\copy de lo que guarda la importación (los leads y su entrada de historial, ` +
        `con todos sus índices y triggers): ${copySeconds.toFixed(2)} s, ${count(Math.round(files.rows / copySeconds))} filas/s`,
    );
    figures = { seconds: await work(server, copySeconds), copySeconds };
  });
  return figures;
}

/**
 * One round of the 10 MB CSV on one server, each import on a new API and database right after its
 * own \copy: first alone, as the \copy ran (the ratio to the \copy compares like with like), then
 * while other users probe (their latency, and what their load adds); the last round adds the upsert.
 */
async function tenMegabyteRound(target: BenchTarget, files: Files, round: number): Promise<RoundFigures> {
  const name = `CSV (POST /api/leads/import), ronda ${round} de ${ROUNDS}`;
  const alone = await csvImportAfterCopy(target, files, async (server, copySeconds) => {
    await checkpoint(server.site.databaseUrl);
    const started = performance.now();
    const counts = await importInOneCall(server, files.csv, 'Benchmark 10 MB');
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[${TARGET_LABEL[target]}] ${name}, sin nadie más: ${seconds.toFixed(2)} s, ×${(seconds / copySeconds).toFixed(2)} \\copy ` +
        `(importadas ${count(counts.imported)}, omitidas ${count(counts.skipped)})`,
    );
    return seconds;
  });
  const probed = await csvImportAfterCopy(target, files, async (server, copySeconds) => {
    const csv = await measured(server, () => importInOneCall(server, files.csv, 'Benchmark 10 MB'));
    print(target, `${name}, con tres usuarios más`, files.rows, csv, `, ×${(csv.seconds / copySeconds).toFixed(2)} \\copy`);
    if (round === ROUNDS) {
      const upsert = await measured(server, () => importAsJob(server, files.csv, 'Benchmark otra vez', 'update'));
      const ratio = `, ×${(upsert.seconds / copySeconds).toFixed(2)} \\copy`;
      print(target, 'el mismo CSV otra vez, Actualizar los existentes', files.rows, upsert, ratio);
    }
    return csv.seconds;
  });
  return { alone, probed };
}

/** The rounds, the servers taking turns within each, then the medians and the embedded/--pg ratio. */
async function benchTenMegabytes(files: Files): Promise<void> {
  const byTarget = new Map<BenchTarget, RoundFigures[]>(benchTargets.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of benchTargets) byTarget.get(target)?.push(await tenMegabyteRound(target, files, round));
  }
  console.log(`\nCSV de ${count(files.rows)} filas, mediana de ${ROUNDS} rondas:`);
  for (const [target, rounds] of byTarget) {
    const ratio = (key: keyof RoundFigures) => median(rounds.map((each) => each[key].seconds / each[key].copySeconds));
    const alone = ratio('alone');
    console.log(
      `  [${TARGET_LABEL[target]}] importación sola ${median(rounds.map((each) => each.alone.seconds)).toFixed(2)} s, ` +
        `\\copy ${median(rounds.map((each) => each.alone.copySeconds)).toFixed(2)} s: ×${alone.toFixed(2)} ${mark(alone <= COPY_RATIO_TARGET)} ` +
        `(≤ ${COPY_RATIO_TARGET}×); con tres usuarios más, ×${ratio('probed').toFixed(2)} su \\copy`,
    );
  }
  const embedded = byTarget.get('embedded');
  const postgres = byTarget.get('postgres');
  if (embedded && postgres) {
    // Per round: the two imports ran minutes apart at most, neighbours on a machine whose speed drifts.
    const ratio = (key: keyof RoundFigures) =>
      median(embedded.map((each, index) => each[key].seconds / (postgres[index]?.[key].seconds ?? Number.NaN)));
    const alone = ratio('alone');
    console.log(
      `  integrado / --pg (mediana de las rondas): sola ×${alone.toFixed(2)} ${mark(alone <= EMBEDDED_RATIO_TARGET)} ` +
        `(≤ ${EMBEDDED_RATIO_TARGET}×); con tres usuarios más ×${ratio('probed').toFixed(2)}`,
    );
  }
  console.log('');
}

/**
 * Issue 29: the same rows with five more columns, each mapped to a new custom field, against the file
 * without them; both as import jobs (the screen's way, the only one that maps columns), each on a new
 * API and database, in turns, the ratio per round and its median.
 */
async function benchCustomColumns(target: BenchTarget, files: Files): Promise<void> {
  const newFields = CUSTOM_COLUMNS.map((column, index) => ({
    column: BUSINESS_COLUMNS.length + index,
    label: column.label,
    type: column.type,
  }));
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    let plain = Number.NaN;
    await withServer(target, CUSTOM_COLUMNS_ENV, async (server) => {
      const outcome = await measured(server, () => importAsJob(server, files.csv, 'Benchmark sin campos', 'skip'));
      plain = outcome.seconds;
      print(target, `CSV como trabajo, sin columnas personalizadas, ronda ${round} de ${ROUNDS}`, files.rows, outcome);
    });
    await withServer(target, CUSTOM_COLUMNS_ENV, async (server) => {
      const outcome = await measured(server, () => importAsJob(server, files.customCsv, 'Benchmark con campos', 'skip', newFields));
      ratios.push(outcome.seconds / plain);
      const name = `el mismo CSV con ${CUSTOM_COLUMNS.length} columnas a campos nuevos (＋ Crear campo), ronda ${round} de ${ROUNDS}`;
      print(target, name, files.rows, outcome, `, ×${(outcome.seconds / plain).toFixed(2)} sin ellas`);
    });
  }
  const ratio = median(ratios);
  console.log(
    `  [${TARGET_LABEL[target]}] con campos personalizados / sin ellos (mediana de ${ROUNDS} rondas): ×${ratio.toFixed(2)} ` +
      `${mark(ratio <= CUSTOM_COLUMNS_RATIO_TARGET)} (≤ ${CUSTOM_COLUMNS_RATIO_TARGET}×)\n`,
  );
}

async function benchOthers(target: BenchTarget, files: Files): Promise<void> {
  await withServer(target, {}, async (server) => {
    // Its own \copy just before, on the same server (into another database), as the CSV rounds do.
    const copySeconds = await psqlCopySeconds(server.site.adminUrl, files.copy);
    const xlsx = await measured(server, () => importAsJob(server, files.xlsx, 'Benchmark Excel', 'skip'));
    const name = `las mismas filas en .xlsx (${megabytes((await stat(files.xlsx)).size)})`;
    print(target, name, files.rows, xlsx, `, ×${(xlsx.seconds / copySeconds).toFixed(2)} \\copy (${copySeconds.toFixed(2)} s)`);
  });
  if (!files.large || !files.largeXlsx) return;
  const { large, largeXlsx } = files;
  await withServer(target, { IMPORT_MAX_MB: '100' }, async (server) => {
    const outcome = await measured(server, () => importAsJob(server, largeXlsx.path, 'Benchmark Excel grande', 'skip'));
    const growth = outcome.memory.apiPeak - outcome.memory.apiIdle;
    print(
      target,
      `.xlsx grande (${megabytes((await stat(largeXlsx.path)).size)})`,
      largeXlsx.rows,
      outcome,
      ` — RSS de la API pico − reposo ${megabytes(growth)}`,
    );
  });
  await withServer(target, { IMPORT_MAX_MB: '100' }, async (server) => {
    // As a job (the screen's way): a single request held for minutes would meet the client's own timeouts.
    const outcome = await measured(server, () => importAsJob(server, large, 'Benchmark 100 MB', 'skip'));
    const growth = outcome.memory.apiPeak - outcome.memory.apiIdle;
    print(
      target,
      'CSV grande con IMPORT_MAX_MB=100',
      files.largeRows,
      outcome,
      ` — RSS de la API pico − reposo ${megabytes(growth)} ${mark(growth <= LARGE_RSS_TARGET)} (≤ 150 MB)`,
    );
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-import-'));
  try {
    const csv = path.join(dir, 'empresas.csv');
    const { rows, bytes } = await writeBusinessCsv(csv, IMPORT_LIMITS.maxBytes, SMOKE_ROWS);
    console.log(`Archivo: ${count(rows)} filas, ${megabytes(bytes)} (${count(bytes)} bytes)`);
    const customCsv = path.join(dir, 'empresas-campos.csv');
    const custom = await writeBusinessCsv(customCsv, Infinity, rows, { withCustomColumns: true });
    console.log(`Con ${CUSTOM_COLUMNS.length} columnas más: ${count(custom.rows)} filas, ${megabytes(custom.bytes)}`);
    const xlsx = path.join(dir, 'empresas.xlsx');
    await writeBusinessXlsx(xlsx, rows);
    let large: string | null = null;
    let largeXlsx: Files['largeXlsx'] = null;
    let largeRows = 0;
    if (!('skip-large' in benchOptions)) {
      large = path.join(dir, 'empresas-100mb.csv');
      const written = await writeBusinessCsv(large, 100 * MB, SMOKE_ROWS === undefined ? undefined : SMOKE_ROWS * 10);
      largeRows = written.rows;
      console.log(`Archivo grande: ${count(largeRows)} filas, ${megabytes(written.bytes)}`);
      // The 10 MB file's rows make a workbook of about 3.5 MB: 8.5 times as many make about 30 MB.
      largeXlsx = { path: path.join(dir, 'empresas-grande.xlsx'), rows: Math.round(rows * 8.5) };
      await writeBusinessXlsx(largeXlsx.path, largeXlsx.rows);
      console.log(`Libro grande: ${count(largeXlsx.rows)} filas, ${megabytes((await stat(largeXlsx.path)).size)}`);
    }
    const copy = { leads: path.join(dir, 'copy-leads.csv'), history: path.join(dir, 'copy-history.csv') };
    await writeCopyCsvs(copy, rows, COPY_IDS);
    const files: Files = { csv, customCsv, xlsx, large, largeXlsx, rows, largeRows, copy };
    await benchTenMegabytes(files);
    for (const target of benchTargets) await benchCustomColumns(target, files);
    for (const target of benchTargets) await benchOthers(target, files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await runBench(main);
