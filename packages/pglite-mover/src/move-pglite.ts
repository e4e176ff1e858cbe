/** Carries a PGlite data directory of an earlier version whole into the PostgreSQL database, once, on the first start. */
import path from 'node:path';
import { createDb, migrateTo } from '@crm/db';
import { claimFolder, folderState, PGLITE_FOLDER, setAside } from './pglite-folder.js';
import { openPgliteSource } from './pglite-source.js';
import { appliedMigrations, loadInOneTransaction, refuseIfHoldsData } from './postgres-target.js';

export interface MoveLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface MoveResult {
  movedTo: string;
  tables: number;
  rows: number;
}

/** Moves DATA_DIR/pglite into the (empty, possibly partly migrated) database at databaseUrl. Returns undefined when there is no PGlite directory. */
export async function movePgliteDataDir(options: { dataDir: string; databaseUrl: string; log: MoveLog }): Promise<MoveResult | undefined> {
  const { log } = options;
  const folder = path.join(options.dataDir, PGLITE_FOLDER);
  const state = await folderState(folder);
  if (state === 'absent') return undefined;
  if (state === 'not-a-cluster') {
    log.warn(`${folder} no contiene una base PGlite (falta PG_VERSION): no hay nada que trasladar y se deja como está.`);
    return undefined;
  }
  let copied: Omit<MoveResult, 'movedTo'>;
  try {
    const release = await claimFolder(folder);
    try {
      copied = await copyIntoPostgres(folder, options.databaseUrl, log);
    } finally {
      await release();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`No se ha trasladado la base PGlite de ${folder} a PostgreSQL (la carpeta queda como estaba): ${reason}.`, {
      cause: error,
    });
  }
  const movedTo = await setAside(folder, new Date());
  log.info(
    `Base PGlite trasladada a PostgreSQL: ${copied.tables} tablas, ${copied.rows} filas. La carpeta antigua queda en ${movedTo}; bórrala cuando ya no la necesites.`,
  );
  return { movedTo, ...copied };
}

async function copyIntoPostgres(folder: string, databaseUrl: string, log: MoveLog): Promise<Omit<MoveResult, 'movedTo'>> {
  const source = await openPgliteSource(folder);
  try {
    const applied = await source.appliedMigrations();
    const target = await createDb({ databaseUrl, poolSize: 2 });
    try {
      if (!target.pool) throw new Error('createDb no devolvió un pool de PostgreSQL');
      const client = await target.pool.connect();
      try {
        // Before migrating: a database with data is never migrated (let alone down) by us.
        await refuseIfHoldsData(client);
        const last = applied.at(-1);
        if (last) {
          log.info(`Trasladando la base PGlite de ${folder} a PostgreSQL (esquema en ${last})…`);
          await migrateTo(target.db, last);
          refuseOtherMigrations(applied, await appliedMigrations(client));
        }
        const tables = await source.tables();
        await loadInOneTransaction(client, source, tables, await source.sequences());
        return { tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) };
      } finally {
        client.release();
      }
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The two schemas are the same only if both ran exactly the same migrations. */
function refuseOtherMigrations(old: string[], target: string[]): void {
  const unknown = old.filter((name) => !target.includes(name));
  const missing = target.filter((name) => !old.includes(name));
  if (unknown.length > 0 || missing.length > 0) {
    throw new Error(
      `sus migraciones no son las de esta versión (${[...unknown.map((name) => `desconocida: ${name}`), ...missing.map((name) => `no aplicada: ${name}`)].join(', ')})`,
    );
  }
}
