/**
 * Opens the product's database the one way every entry point does (the server, `db:migrate`,
 * `seed:demo`): DATABASE_URL's server, or the embedded one in DATA_DIR, migrated to the latest
 * schema. On the embedded server's first start, a DATA_DIR an earlier version filled with PGlite
 * is carried over whole first (the old folder is renamed, never deleted).
 */
import { createDb, type DbHandle, migrateToLatest } from '@crm/db';
import { movePgliteDataDir } from '@crm/pglite-mover';
import type { Env } from './env.js';

export interface OpenDatabaseOptions {
  /** Embedded only: another live process already runs the server. The API refuses; scripts attach. */
  whenOwned: 'attach' | 'refuse';
  log: (message: string) => void;
}

export async function openDatabase(env: Env, options: OpenDatabaseOptions): Promise<DbHandle> {
  const database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, ...options });
  try {
    if (database.embedded) {
      const moved = await movePgliteDataDir({
        dataDir: env.DATA_DIR,
        databaseUrl: database.url,
        log: { info: options.log, warn: options.log },
      });
      if (moved) options.log(`Base de datos anterior trasladada: ${moved.tables} tablas, ${moved.rows} filas; la carpeta antigua quedó en ${moved.movedTo}.`);
    }
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
