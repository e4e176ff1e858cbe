/** Starts a server on a database: migrations, first admin, listen, and a graceful close. */
import { createDb, holdDatabaseForServer, migrateToLatest } from '@crm/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import type { GeneratedAdmin } from './bootstrap/startup-banner.js';
import { startReminderLoop } from './modules/follow-ups/reminder-loop.js';
import { sweepDeletedGroups } from './modules/lead-groups/group-deletion-sweep.js';
import { sweepStaleImportFiles } from './modules/leads/import/import-temp-files.js';
import type { AppContext } from './context.js';
import type { Env } from './env.js';
import { createEventBus } from './events/create-event-bus.js';
import type { BusLog } from './events/event-bus.js';
import { LiveHub } from './live/live-hub.js';
import { startImportJobs } from './modules/leads/import/import-job.runner.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** The first admin this start created with a random password, for main.ts to print last (never logged). */
  generatedAdmin: GeneratedAdmin | null;
  close(): Promise<void>;
}

export async function startServer(env: Env, existingDb?: Awaited<ReturnType<typeof createDb>>): Promise<RunningServer> {
  // Tells maintenance scripts (the demo seed) that a server uses this database; waits for one that runs.
  const inUse = await holdDatabaseForServer(existingDb ?? { url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const database = existingDb ?? (await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  await migrateToLatest(database.db);
  // The bus exists before the app, so it reports through the app's logger once there is one.
  let appLog: BusLog | undefined;
  const busLog: BusLog = {
    error: (details, message) => appLog?.error(details, message),
    warn: (details, message) => appLog?.warn(details, message),
  };
  const bus = await createEventBus(database, busLog);
  const live = new LiveHub({ db: database.db, bus, log: busLog });
  const { app, appCtx } = await buildApp({ db: database.db, env, bus, live });
  appLog = app.log;

  // Group deletions a stop interrupted: their leads are still being deleted in batches.
  void sweepDeletedGroups(appCtx);
  // Upload files an import killed mid-way left behind.
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

  // Before listening: what a runner that died left staged is removed before anyone can ask.
  const importJobs = await startImportJobs(appCtx, existingDb ?? { url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const reminders = startReminderLoop(appCtx, env.FOLLOW_UP_POLL_MS);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const url = address.replace('://[::1]', '://localhost').replace('://127.0.0.1', '://localhost');

  let closing: Promise<void> | undefined;
  const close = () => {
    // Stop accepting, let in-flight requests finish, let go of live connections, stop listening for events, then close the database.
    closing ??= app
      .close()
      .then(() => importJobs.stop())
      .then(() => reminders.stop())
      .then(() => live.close())
      .then(() => bus.close())
      .then(() => inUse.release())
      .then(() => (existingDb ? undefined : database.close()));
    return closing;
  };
  return { app, ctx: appCtx, url, generatedAdmin, close };
}
