/** A dedicated PostgreSQL connection outside the pool, for LISTEN (a pooled one would be handed to others). */
import pg from 'pg';

export type ListenClient = pg.Client;

export function createListenClient(databaseUrl: string): ListenClient {
  return new pg.Client({ connectionString: databaseUrl, keepAlive: true });
}
