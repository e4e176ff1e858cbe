/**
 * Command-line options shared by the benchmarks: `--key=value` flags, and the PostgreSQL servers to
 * run on: the embedded server (the product's default, started here in a temp DATA_DIR with the
 * production settings) always, and the server at `--pg=<admin url>` too when given.
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
export const benchKinds: BenchTarget[] = (['embedded', 'postgres'] as const).filter(
  (target) => (target === 'embedded' || pgUrl !== undefined) && (!benchOptions['only'] || benchOptions['only'] === target),
);

let embedded: Promise<{ server: EmbeddedServer; dataDir: string }> | undefined;

function embeddedServer(): Promise<{ server: EmbeddedServer; dataDir: string }> {
  embedded ??= (async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-'));
    await chmod(dataDir, 0o755);
    return { server: await startEmbeddedServer({ dataDir, whenOwned: 'refuse' }), dataDir };
  })();
  return embedded;
}

/** The admin URL of a target's server. */
async function adminUrlOf(target: BenchTarget): Promise<string> {
  if (target === 'postgres') {
    if (!pgUrl) throw new Error('--pg=<url> hace falta para medir en ese PostgreSQL');
    return pgUrl;
  }
  return (await embeddedServer()).server.urlFor('postgres');
}

/** A fresh migrated database on the target's server. */
export async function createBenchDatabase(target: BenchTarget): Promise<TestDatabase> {
  return createTestDatabase({ adminUrl: await adminUrlOf(target) });
}

/** Stops the embedded server (if started) and removes its folder. */
export async function stopBenchServers(): Promise<void> {
  if (!embedded) return;
  const { server, dataDir } = await embedded;
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
