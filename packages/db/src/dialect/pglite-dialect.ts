/** Kysely dialect for PGlite: PostgreSQL's compiler, adapter and introspector over our serialising driver. */
import type { PGlite } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
} from 'kysely';
import { PGliteDriver } from './pglite-driver.js';

export interface PGliteDialectConfig {
  /** The dialect takes ownership: `db.destroy()` closes this instance. */
  pglite: PGlite;
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config.pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface is declared with Kysely<any>
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
