/**
 * Command-line options shared by the benchmarks: `--key=value` flags, and the PostgreSQL servers to
 * run on: the embedded server (the product's default, started here in a temp DATA_DIR with the
 * production settings, durable) always, and the server at `--pg=<admin url>` too when given;
 * `--only=embedded|postgres` keeps one. `runBench` wraps a benchmark's body so that whatever
 * happens (an error, Ctrl+C) no postmaster and no temp folder outlive it.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type EmbeddedServer, startEmbeddedServer } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';

/** `--leads=1000 --only=postgres` → { leads: '1000', only: 'postgres' }. */
export const benchOptions: Record<string, string> = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key = '', value = ''] = arg.slice(2).split('=');
      return [key, value];
    }),
);

export type BenchTarget = 'embedded' | 'postgres';

const pgUrl = benchOptions['pg'] || undefined;

/** The servers to run on: the embedded one, `--pg`'s too when given; `--only=` keeps one. */
export const benchTargets: BenchTarget[] = (['embedded', 'postgres'] as const).filter(
  (target) => (target === 'embedded' || pgUrl !== undefined) && (!benchOptions['only'] || benchOptions['only'] === target),
);
if (benchTargets.length === 0) throw new Error('--only=postgres necesita --pg=<url de administrador>');

/** How each target is named in the output. */
export const TARGET_LABEL: Record<BenchTarget, string> = { embedded: 'integrado', postgres: 'PostgreSQL --pg' };

/** Cleanups to run when the benchmark ends, however it ends (last registered, first run). */
const cleanups: (() => Promise<void>)[] = [];

export function atBenchEnd(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

let cleaning: Promise<void> | undefined;

/**
 * One pass for everyone: a signal's cleanup and the body's `finally` (the body fails once its pool is
 * closed under it) must not run the next step, removing a folder, while a server still stops.
 */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      await cleanup().catch((error: unknown) => console.error('Limpieza del benchmark:', error));
    }
  })();
  return cleaning;
}

/** A temp folder for a DATA_DIR, removed at the end. Mode 0755: the server's system user must enter it. */
export async function benchDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-'));
  await chmod(dataDir, 0o755);
  atBenchEnd(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

let embedded: Promise<EmbeddedServer> | undefined;

/** The benchmark's own embedded server (one per run), for databases several processes reach by URL. */
export function benchEmbeddedServer(): Promise<EmbeddedServer> {
  embedded ??= (async () => {
    const server = await startEmbeddedServer({ dataDir: await benchDataDir(), whenOwned: 'refuse' });
    atBenchEnd(() => server.stop());
    return server;
  })();
  return embedded;
}

/** The admin URL of a target's server (for the embedded target, the benchmark's own). */
export async function adminUrlOf(target: BenchTarget): Promise<string> {
  if (target === 'embedded') return (await benchEmbeddedServer()).urlFor('postgres');
  if (!pgUrl) throw new Error('--pg=<url> hace falta para medir en ese PostgreSQL');
  return pgUrl;
}

/** A fresh migrated database on the target's server. */
export async function createBenchDatabase(target: BenchTarget): Promise<TestDatabase> {
  return createTestDatabase({ adminUrl: await adminUrlOf(target) });
}

/**
 * Runs a benchmark's body, then stops every server it started and removes their folders, also when
 * it fails or is interrupted (the postmaster runs in a session of its own: a Ctrl+C never reaches
 * it), and exits: a pool or a worker left open must not keep the process alive once it printed.
 * An error nobody awaited (a client's request fired and forgotten) would end the process at once,
 * past every `finally`: it stops the servers first too.
 */
export async function runBench(body: () => Promise<void>): Promise<never> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: deteniendo los servidores del benchmark…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.once(event, (error: unknown) => {
      console.error(error);
      void cleanUp().finally(() => process.exit(1));
    });
  }
  let code = 0;
  try {
    await body();
  } catch (error) {
    console.error(error);
    code = 1;
  } finally {
    await cleanUp();
  }
  process.exit(code);
}
