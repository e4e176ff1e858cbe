/**
 * `pnpm bench:import`: a realistic 10 MB CSV imported over HTTP into a started server on
 * PostgreSQL and on PGlite; prints rows/s, the server's peak RSS, and the ratio against
 * `psql \copy` of the same rows into the leads table (all its indexes) in the same run.
 * Target on PostgreSQL: the whole file in ≤ 3 s. Options: --pg=<admin url>, --only=postgres|pglite.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DbKind } from '@crm/db';
import { createTestDatabase } from '@crm/db/testing';
import { IMPORT_LIMITS } from '@crm/domain';
import { COPY_COLUMNS, writeBusinessCsv, writeCopyCsv } from './support/business-csv.js';
import { loginCookie, megabytes, samplePeak, startServerProcess } from './support/server-process.js';
import { benchKinds } from './support/options.js';

const KINDS = benchKinds;
const TARGET_SECONDS = 3;

const run = promisify(execFile);

/** psql \copy of the same rows (as the import stores them) into the migrated leads table, with all its indexes. */
async function psqlCopySeconds(copyCsvPath: string): Promise<number> {
  const database = await createTestDatabase('postgres');
  try {
    const url = database.url ?? '';
    await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', "insert into lead_groups (id, name) values (1, 'copy')"]);
    const started = performance.now();
    await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', `\\copy leads (${COPY_COLUMNS}) from '${copyCsvPath}' with (format csv)`]);
    return (performance.now() - started) / 1000;
  } finally {
    await database.drop();
  }
}

async function importOn(
  kind: DbKind,
  csvPath: string,
): Promise<{ seconds: number; imported: number; skipped: number; peakRss: number; idleRss: number }> {
  const database = await createTestDatabase(kind, { onDisk: true });
  await database.close();
  const server = await startServerProcess(kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir });
  try {
    const cookie = await loginCookie(server.url);
    const file = await readFile(csvPath);
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'empresas.csv');
    form.append('groupName', 'Benchmark 10 MB');
    const idleRss = await server.rss();
    const sampler = samplePeak(() => server.rss());
    const started = performance.now();
    const response = await fetch(new URL('/api/leads/import', server.url), {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'bench' },
      body: form,
    });
    const body = (await response.json()) as { imported?: number; skipped?: number; message?: string };
    const seconds = (performance.now() - started) / 1000;
    const peakRss = await sampler.stop();
    if (!response.ok) throw new Error(`import ${response.status}: ${body.message}`);
    return { seconds, imported: body.imported ?? 0, skipped: body.skipped ?? 0, peakRss, idleRss };
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-import-'));
  try {
    const csvPath = path.join(dir, 'empresas.csv');
    const { rows, bytes } = await writeBusinessCsv(csvPath, IMPORT_LIMITS.maxBytes);
    console.log(`Archivo: ${rows.toLocaleString('es-ES')} filas, ${megabytes(bytes)} (${bytes.toLocaleString('es-ES')} bytes)`);
    const copyCsvPath = path.join(dir, 'copy.csv');
    await writeCopyCsv(copyCsvPath, rows, 1);
    const copySeconds = await psqlCopySeconds(copyCsvPath);
    console.log(
      `psql \\copy de las mismas filas en leads (con todos sus índices): ${copySeconds.toFixed(2)} s, ${Math.round(rows / copySeconds).toLocaleString('es-ES')} filas/s`,
    );
    for (const kind of KINDS) {
      const result = await importOn(kind, csvPath);
      const verdict = kind === 'postgres' ? (result.seconds <= TARGET_SECONDS ? ' ✓ objetivo ≤ 3 s' : ' ✗ objetivo ≤ 3 s') : '';
      console.log(
        `[${kind}] importación HTTP: ${result.seconds.toFixed(2)} s${verdict}, ` +
          `${Math.round(rows / result.seconds).toLocaleString('es-ES')} filas/s ` +
          `(importadas ${result.imported.toLocaleString('es-ES')}, omitidas ${result.skipped.toLocaleString('es-ES')}), ` +
          `RSS del servidor: reposo ${megabytes(result.idleRss)}, pico ${megabytes(result.peakRss)}, ` +
          `× ${(result.seconds / copySeconds).toFixed(1)} el tiempo de psql \\copy`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
