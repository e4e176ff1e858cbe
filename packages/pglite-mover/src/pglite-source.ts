/** The old database, read through PGlite: the one place that opens the PGlite format. */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** Kysely's own bookkeeping: the target has its own rows there, written by its migrations. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface SourceTable {
  name: string;
  /** Quoted and comma-separated, generated columns left out (the target computes them). */
  columnList: string;
  rows: number;
}

export interface SourceSequence {
  name: string;
  /** Text: a bigint may not fit in a JS number. */
  lastValue: string;
  isCalled: boolean;
}

export interface PgliteSource {
  /** Names of the migrations it has run, in order. */
  appliedMigrations(): Promise<string[]>;
  /** Every table of the public schema but Kysely's, by name. */
  tables(): Promise<SourceTable[]>;
  sequences(): Promise<SourceSequence[]>;
  /** The table's rows in COPY's binary format, as PGlite gives them: one Blob. */
  copyOut(table: SourceTable): Promise<Blob>;
  close(): Promise<void>;
}

const count = (value: unknown): number => Number(value);

export async function openPgliteSource(folder: string): Promise<PgliteSource> {
  // pg_trgm: the old leads' indexes use its operator classes, as the product's createDb loaded it.
  const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
  return {
    appliedMigrations: async () => {
      const { rows } = await pglite.query<{ exists: boolean }>(`select to_regclass('public.kysely_migration') is not null as exists`);
      if (!rows[0]?.exists) return [];
      const applied = await pglite.query<{ name: string }>('select name from kysely_migration order by name');
      return applied.rows.map((row) => row.name);
    },
    tables: async () => {
      const { rows } = await pglite.query<{ table_name: string; columns: string[] }>(
        `select c.table_name, array_agg(c.column_name::text order by c.ordinal_position) as columns
           from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
            and c.table_name <> all($1)
          group by c.table_name
          order by c.table_name`,
        [MIGRATION_TABLES],
      );
      const tables: SourceTable[] = [];
      for (const row of rows) {
        const counted = await pglite.query<{ rows: unknown }>(`select count(*) as rows from ${pg.escapeIdentifier(row.table_name)}`);
        tables.push({
          name: row.table_name,
          columnList: row.columns.map((column) => pg.escapeIdentifier(column)).join(', '),
          rows: count(counted.rows[0]?.rows),
        });
      }
      return tables;
    },
    sequences: async () => {
      const { rows } = await pglite.query<{ sequencename: string }>(
        `select sequencename from pg_sequences where schemaname = 'public' order by sequencename`,
      );
      const sequences: SourceSequence[] = [];
      for (const { sequencename } of rows) {
        // pg_sequences.last_value is null until the first nextval; the sequence itself says is_called.
        const state = await pglite.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text as last_value, is_called from ${pg.escapeIdentifier(sequencename)}`,
        );
        const row = state.rows[0];
        if (row) sequences.push({ name: sequencename, lastValue: row.last_value, isCalled: row.is_called });
      }
      return sequences;
    },
    copyOut: async (table) => {
      // Binary: bytea, timestamps and floats travel as their bytes, whatever either side's DateStyle or TimeZone.
      const result = await pglite.query(
        `copy ${pg.escapeIdentifier(table.name)} (${table.columnList}) to '/dev/blob' with (format binary)`,
      );
      if (!result.blob) throw new Error(`PGlite no devolvió los datos de la tabla ${table.name}`);
      return result.blob;
    },
    close: () => pglite.close(),
  };
}
