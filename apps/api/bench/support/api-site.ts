/**
 * The measured API on a target, as a child process (its memory apart from the benchmark's):
 * - `embedded`, one replica: the product's default path. The API is started without DATABASE_URL in
 *   a fresh DATA_DIR and starts its own embedded server (production settings, durable). The data is
 *   filled first by this process as the owner of that server (migrated as the API would), which it
 *   then stops; the API starts it again on the same folder. Afterwards the benchmark attaches to the
 *   API's server for its own queries (`whenOwned: 'attach'`).
 * - `embedded`, several replicas: they must all reach one server, so the benchmark's own embedded
 *   server serves a fresh database to every replica by DATABASE_URL.
 * - `postgres`: a fresh database on `--pg`'s server, by DATABASE_URL.
 */
import { createDb, type Db, migrateToLatest, startEmbeddedServer } from '@crm/db';
import type { ApiProcess } from '../../src/test/api-process.js';
import { postgresCpuSeconds, processCpuSeconds } from './cpu.js';
import { postgresPss, watchMemory } from './memory.js';
import { adminUrlOf, atBenchEnd, benchDataDir, benchEmbeddedServer, type BenchTarget, createBenchDatabase } from './options.js';
import { startServerProcess } from './server-process.js';

export interface ApiSite {
  target: BenchTarget;
  /** The replicas, the first one the measured one. */
  apis: ApiProcess[];
  /** The API's database, for the benchmark's own queries. */
  db: Db;
  /** Its connection string (psql). */
  databaseUrl: string;
  /** The `postgres` database of the API's server, to make other databases on that same server (the psql copy baseline). */
  adminUrl: string;
  /** Starts watching the first replica's RSS and, on the embedded server, its PSS. */
  watchMemory: () => ReturnType<typeof watchMemory>;
  /** CPU seconds used so far by the first replica and, on the embedded server, by that server (support/cpu.ts). */
  cpuSeconds: () => Promise<{ api: number; server?: number }>;
  stop(): Promise<void>;
}

export interface ApiSiteOptions {
  /** Fills the database before the API starts (users, leads…). */
  fill?: (db: Db) => Promise<void>;
  env?: Record<string, string>;
  replicas?: number;
}

async function cpuOf(apiPid: number, postmasterPid: number | undefined): Promise<{ api: number; server?: number }> {
  const [api, server] = await Promise.all([
    processCpuSeconds(apiPid),
    postmasterPid === undefined ? undefined : postgresCpuSeconds(postmasterPid),
  ]);
  return { api, server };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startDefaultSite(options: ApiSiteOptions): Promise<ApiSite> {
  const dataDir = await benchDataDir();
  if (options.fill) {
    const owner = await createDb({ dataDir, whenOwned: 'refuse', poolSize: 2 });
    // Interrupted while filling, the server must stop before its folder is removed (cleanups run last first).
    atBenchEnd(() => owner.close());
    try {
      await migrateToLatest(owner.db);
      await options.fill(owner.db);
    } finally {
      await owner.close();
    }
  }
  const api = await startServerProcess({ DATA_DIR: dataDir }, options.env);
  const attached = await startEmbeddedServer({ dataDir, whenOwned: 'attach' });
  const database = await createDb({ databaseUrl: attached.url, poolSize: 2 });
  const postmasterPid = attached.pid;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await database.close();
      await api.stop();
      // An API that had to be killed leaves its postmaster running: the product's own start finds and stops it.
      if (isRunning(postmasterPid)) await (await startEmbeddedServer({ dataDir, whenOwned: 'refuse' })).stop();
    })());
  atBenchEnd(stop);
  return {
    target: 'embedded',
    apis: [api],
    db: database.db,
    databaseUrl: attached.url,
    adminUrl: attached.urlFor('postgres'),
    watchMemory: () => watchMemory({ apiRss: () => api.rss(), serverPss: () => postgresPss(postmasterPid) }),
    cpuSeconds: () => cpuOf(api.pid, postmasterPid),
    stop,
  };
}

async function startUrlSite(target: BenchTarget, options: ApiSiteOptions): Promise<ApiSite> {
  const database = await createBenchDatabase(target);
  if (options.fill) await options.fill(database.db);
  const apis: ApiProcess[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const api of apis) await api.stop();
      await database.drop();
    })());
  atBenchEnd(stop);
  for (let index = 0; index < (options.replicas ?? 1); index += 1) {
    apis.push(await startServerProcess({ DATABASE_URL: database.url }, options.env));
  }
  const first = apis[0] as ApiProcess;
  const postmasterPid = target === 'embedded' ? (await benchEmbeddedServer()).pid : undefined;
  return {
    target,
    apis,
    db: database.db,
    databaseUrl: database.url,
    adminUrl: await adminUrlOf(target),
    watchMemory: () =>
      watchMemory({ apiRss: () => first.rss(), serverPss: postmasterPid === undefined ? undefined : () => postgresPss(postmasterPid) }),
    cpuSeconds: () => cpuOf(first.pid, postmasterPid),
    stop,
  };
}

/** Starts the API on the target (see the header), filled by `options.fill`; stopped by `stop()` or at the benchmark's end. */
export function startApiSite(target: BenchTarget, options: ApiSiteOptions = {}): Promise<ApiSite> {
  return target === 'embedded' && (options.replicas ?? 1) === 1 ? startDefaultSite(options) : startUrlSite(target, options);
}
