/** The new database: the check that it holds no data, and the one transaction that loads every table into it. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PgliteSource, SourceSequence, SourceTable } from './pglite-source.js';

const TARGET_HOLDS_DATA =
  'la base de datos de PostgreSQL ya tiene usuarios, y dos bases de datos nunca se mezclan. Si esa carpeta ya se trasladó, apártala; si no, vacía la base de destino';

/** Every row the product keeps hangs off a user: no users, no data (the rows migrations write aside). */
export async function refuseIfHoldsData(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ present: boolean }>(`select to_regclass('public.users') is not null as present`);
  if (!rows[0]?.present) return;
  const held = await client.query<{ held: boolean }>('select exists (select 1 from users) as held');
  if (held.rows[0]?.held) throw new Error(TARGET_HOLDS_DATA);
}

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(`select to_regclass('public.kysely_migration') is not null as present`);
  if (!rows[0]?.present) return [];
  const applied = await client.query<{ name: string }>('select name from kysely_migration order by name');
  return applied.rows.map((row) => row.name);
}

/**
 * All or nothing: a failure anywhere rolls back, leaving the target as empty as it was, so the next
 * start tries again. Triggers and foreign keys sleep while loading (replica mode): the tables load in
 * any order, and the tables triggers fill (the search table) keep exactly the rows copied into them.
 */
export async function loadInOneTransaction(
  client: pg.ClientBase,
  source: PgliteSource,
  tables: SourceTable[],
  sequences: SourceSequence[],
): Promise<void> {
  const all = tables.map((table) => pg.escapeIdentifier(table.name)).join(', ');
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    if (tables.length > 0) await client.query(`lock table ${all} in access exclusive mode`);
    await refuseIfHoldsData(client);
    // What the migrations wrote (the General chat channel) makes way for the old database's own rows.
    if (tables.length > 0) await client.query(`truncate ${all}`);
    for (const table of tables) {
      const name = pg.escapeIdentifier(table.name);
      const rows = await source.copyOut(table);
      await pipeline(
        Readable.fromWeb(rows.stream()),
        client.query(copyFrom(`copy ${name} (${table.columnList}) from stdin with (format binary)`)),
      );
    }
    for (const table of tables) {
      const { rows } = await client.query<{ rows: string }>(`select count(*) as rows from ${pg.escapeIdentifier(table.name)}`);
      const loaded = Number(rows[0]?.rows);
      if (loaded !== table.rows) throw new Error(`la tabla ${table.name} tiene ${loaded} filas en PostgreSQL y ${table.rows} en PGlite`);
    }
    // Last: setval is not undone by a rollback (harmless on an empty database, but no reason to do it early).
    for (const sequence of sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        pg.escapeIdentifier(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
