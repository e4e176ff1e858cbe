/** Starts a server on a database: migrations, first admin, listen, and a graceful close. */
import { type DbHandle, holdDatabaseForServer, openLowPriorityPool } from '@crm/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import type { GeneratedAdmin } from './bootstrap/startup-banner.js';
import { BACKGROUND_JOBS } from './background-jobs.js';
import { createJobQueue } from './jobs/job-queue.js';
import { WorkerThreads } from './jobs/worker-threads.js';
import { enqueueLeftoverGroupPurges } from './modules/lead-groups/lead-groups.jobs.js';
import { sweepStaleImportFiles } from './modules/leads/import/import-temp-files.js';
import type { AppContext } from './context.js';
import { HEAVY_READ_CONNECTIONS } from './endpoints/call-policy.js';
import { openDatabase } from './database.js';
import type { Env } from './env.js';
import { createEventBus } from './events/create-event-bus.js';
import type { BusLog } from './events/event-bus.js';
import { LiveHub } from './live/live-hub.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** The first admin this start created with a random password, for main.ts to print last (never logged). */
  generatedAdmin: GeneratedAdmin | null;
  close(): Promise<void>;
}

/** `existingDb`: a database opened (and migrated) by the caller, which also closes it (tests). */
export async function startServer(env: Env, existingDb?: DbHandle): Promise<RunningServer> {
  const database = existingDb ?? (await openDatabase(env, { whenOwned: 'refuse', log: (message) => console.log(message) }));
  // Tells maintenance scripts (the demo seed) that a server uses this database; waits for one that runs.
  const inUse = await holdDatabaseForServer(database.url);
  // The bus exists before the app, so it reports through the app's logger once there is one.
  let appLog: BusLog | undefined;
  const busLog: BusLog = {
    error: (details, message) => appLog?.error(details, message),
    warn: (details, message) => appLog?.warn(details, message),
  };
  const bus = await createEventBus(database, busLog);
  const live = new LiveHub({ db: database.db, bus, log: busLog });
  const jobs = createJobQueue(database, BACKGROUND_JOBS, busLog, env.JOB_SUPERVISE_SECONDS);
  const heavy = openLowPriorityPool(database, HEAVY_READ_CONNECTIONS);
  const threads = new WorkerThreads();
  const { app, appCtx } = await buildApp({ db: database.db, heavyDb: heavy.db, env, bus, live, jobs, threads });
  appLog = app.log;

  // Upload files an import killed mid-way left behind: this replica's own disk, so not a queued job.
  sweepStaleImportFiles().catch((error: unknown) =>
    app.log.warn({ err: error }, 'No se pudieron borrar archivos temporales de importación'),
  );
  const firstAdmin = await ensureFirstAdmin(appCtx);
  if (firstAdmin) {
    // The generated password goes to stdout only (startup-banner.ts), never into the JSON log (log files are kept and shipped).
    app.log.warn(
      `Administrador creado. Usuario: ${firstAdmin.username} ${firstAdmin.password ? '(contraseña en la salida estándar)' : '(contraseña de ADMIN_PASSWORD)'}`,
    );
  }
  const generatedAdmin = firstAdmin?.password ? { username: firstAdmin.username, password: firstAdmin.password } : null;

  // Before listening: a request may enqueue as soon as it is answered.
  await jobs.start(appCtx);
  await enqueueLeftoverGroupPurges(appCtx);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const url = address.replace('://[::1]', '://localhost').replace('://127.0.0.1', '://localhost');

  let closing: Promise<void> | undefined;
  const close = () => {
    // Stop accepting, let in-flight requests finish, then the jobs under way (told to end: an import
    // fails cleanly) and their kept threads, let go of live connections, stop listening for events, then close the database.
    closing ??= app
      .close()
      .then(() => jobs.stop())
      .then(() => threads.close())
      .then(() => live.close())
      .then(() => bus.close())
      .then(() => inUse.release())
      .then(() => heavy.close())
      .then(() => (existingDb ? undefined : database.close()));
    return closing;
  };
  return { app, ctx: appCtx, url, generatedAdmin, close };
}
