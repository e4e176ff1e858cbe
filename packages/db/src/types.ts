/** Handle types every repository takes first: the database or an open transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
