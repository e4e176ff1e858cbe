/**
 * Kysely driver over one PGlite instance: a mutex lends its single connection to one query or
 * transaction at a time, users' requests ahead of background work (runAsBackgroundWork).
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  IdentifierNode,
  RawNode,
  createQueryId,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isBackgroundWork } from './background-work.js';
import { ConnectionMutex } from './connection-mutex.js';
import { EventLoopYield } from './event-loop-yield.js';

const COMMANDS_WITH_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

export class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: 'object',
    });
    // Same rule as Kysely's pg driver: only data-changing commands report a count.
    const reportsCount = result.command !== undefined && COMMANDS_WITH_AFFECTED_ROWS.has(result.command);
    return {
      numAffectedRows: reportsCount ? BigInt(result.affectedRows ?? result.rowCount ?? 0) : undefined,
      rows: result.rows,
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('El dialecto PGlite no admite streaming (stream()): usa execute().');
  }
}

export class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new ConnectionMutex();
  readonly #eventLoop = new EventLoopYield();
  #connection: PGliteConnection | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) {
      throw new Error('La instancia de PGlite ya está cerrada.');
    }
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Before joining the line, not holding the connection: requests read while this waits go first.
    await this.#mutex.lock(isBackgroundWork() ? 'background' : 'foreground', () => this.#eventLoop.beforeGrant());
    if (!this.#connection) {
      this.#mutex.unlock();
      throw new Error('El driver de PGlite no está inicializado o ya se destruyó.');
    }
    return this.#connection;
  }

  releaseConnection(): Promise<void> {
    this.#mutex.unlock();
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('release', name), createQueryId()));
  }

  /** Waits for the query or transaction in flight, then closes PGlite. */
  async destroy(): Promise<void> {
    await this.#mutex.lock();
    try {
      this.#connection = undefined;
      if (!this.#pglite.closed) {
        await this.#pglite.close();
      }
    } finally {
      this.#mutex.unlock();
    }
  }
}

function savepointCommand(command: string, name: string): RawNode {
  // The identifier node makes the compiler quote the savepoint name.
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}
