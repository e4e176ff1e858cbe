/**
 * `pnpm seed:demo`: fills the database (DATABASE_URL or the embedded one in DATA_DIR) with a Spanish sales
 * team, a year of leads, tracking, chat and activity. Refuses while a server uses the database
 * (it would keep serving sessions and ids the seed replaces), and a database that already has data
 * unless given --force, which empties it first (the first admin included). A database with only
 * the first admin keeps it.
 */
import { randomBytes } from 'node:crypto';
import { type DbHandle, tryHoldDatabaseExclusively } from '@crm/db';
import { openDatabase } from '../database.js';
import { loadEnv } from '../env.js';
import { hashPassword } from '../modules/auth/password.js';
import { parseSeedArgs } from './seed/args.js';
import { SERVER_RUNNING_MESSAGE, hasData, wipeAll } from './seed/guard.js';
import { createRandom } from './seed/random.js';
import { seedDemo } from './seed/seed.js';

const args = parseSeedArgs(process.argv.slice(2));
const env = loadEnv();
const database = await openDatabase(env, { whenOwned: 'attach', log: console.log });
const exclusive = await tryHoldDatabaseExclusively(database.url);
try {
  if (!exclusive) {
    console.error(`${SERVER_RUNNING_MESSAGE}\nNo se ha cambiado nada.`);
    process.exitCode = 1;
  } else {
    await seedUnlessRefused(database);
  }
} finally {
  await exclusive?.release();
  await database.close();
}

async function seedUnlessRefused(database: DbHandle): Promise<void> {
  if (await hasData(database.db)) {
    if (!args.force) {
      console.error(
        'La base de datos ya tiene datos. No se ha cambiado nada.\nUsa "pnpm seed:demo -- --force" para vaciarla (también el administrador) y cargar los datos de demostración.',
      );
      process.exitCode = 1;
    } else {
      console.warn('--force: vaciando la base de datos (también el primer administrador) antes de cargar la demostración.');
      await wipeAll(database.db);
    }
  }
  if (process.exitCode !== 1) {
    const password = args.password ?? randomBytes(9).toString('base64url');
    const started = Date.now();
    const summary = await seedDemo(database.db, { random: createRandom(args.seed), passwordHash: await hashPassword(password) });
    console.log(`\nDatos de demostración cargados en ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(
      `  ${summary.leads} leads en ${summary.groups} grupos importados y sueltos, ${summary.tracking} seguimientos, ${summary.contacts} contactos,`,
    );
    console.log(`  ${summary.messages} mensajes de chat, ${summary.activities} actividades.\n`);
    console.log('Usuarios (todos con la misma contraseña):');
    for (const user of summary.usernames) console.log(`  ${user.username.padEnd(16)} ${user.role}`);
    console.log(`\nContraseña: ${password}\n`);
  }
}
