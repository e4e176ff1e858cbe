/**
 * Login throttling that holds under concurrency: one row per (account, address) keeps the times
 * of its recent attempts, so reserving an attempt is a single upsert that locks that row. The
 * old one-row-per-failure table only allowed count-then-insert, which parallel requests raced.
 * Its rows are a few minutes of counters, so they are dropped rather than converted.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_attempts').ifExists().execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempted_at', sql`timestamptz[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_attempts_pkey', ['account_key', 'ip'])
    .execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').column('ip').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_attempts').ifExists().execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_username_idx').on('login_attempts').columns(['username_key', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'created_at']).execute();
}
