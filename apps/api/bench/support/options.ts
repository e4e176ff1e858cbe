/** Command-line options shared by the benchmarks: `--key=value` flags and the PostgreSQL to use. */
import type { DbKind } from '@crm/db';

/** `--leads=1000 --only=postgres` → { leads: '1000', only: 'postgres' }. */
export const benchOptions: Record<string, string> = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key = '', value = ''] = arg.slice(2).split('=');
      return [key, value];
    }),
);

// createTestDatabase makes its scratch databases on this server (`--pg=` to choose another).
process.env['TEST_DATABASE_URL'] ??= benchOptions['pg'] || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The databases to run on: both, or the one `--only=` names. */
export const benchKinds: DbKind[] = benchOptions['only'] ? [benchOptions['only'] as DbKind] : ['postgres', 'pglite'];
