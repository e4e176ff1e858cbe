/** `pnpm db:migrate`: runs the migrations alone (on the embedded server, attached to a running API's if there is one). */
import { loadEnv } from '../env.js';
import { openDatabase } from '../database.js';

const env = loadEnv();
const database = await openDatabase(env, { whenOwned: 'attach', log: console.log });
await database.close();
console.log(`Migraciones aplicadas (${env.DATABASE_URL ? 'DATABASE_URL' : `base de datos integrada en ${env.DATA_DIR}`}).`);
