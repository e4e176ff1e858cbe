/** `pnpm db:migrate`: runs the migrations alone. */
import { createDb, migrateToLatest } from '@crm/db';
import { loadEnv } from '../env.js';

const env = loadEnv();
const database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrateToLatest(database.db);
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
