/**
 * A dedicated PostgreSQL connection outside the pool, for what holds a connection for long: LISTEN,
 * and an import's COPY (a pooled one would be handed to others).
 */
import pg from 'pg';

export type ListenClient = pg.Client;

export function createListenClient(databaseUrl: string): ListenClient {
  return new pg.Client({ connectionString: databaseUrl, keepAlive: true });
}
