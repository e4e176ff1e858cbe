/**
 * Opens the product's database the one way every entry point does (the server, `db:migrate`,
 * `seed:demo`): DATABASE_URL's server, or the embedded one in DATA_DIR, migrated to the latest schema.
 */
import { createDb, type DbHandle, migrateToLatest } from '@crm/db';
import type { Env } from './env.js';

export interface OpenDatabaseOptions {
  /** Embedded only: another live process already runs the server. The API refuses; scripts attach. */
  whenOwned: 'attach' | 'refuse';
  log: (message: string) => void;
}

export async function openDatabase(env: Env, options: OpenDatabaseOptions): Promise<DbHandle> {
  const database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, ...options });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
