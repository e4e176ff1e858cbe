import { sql } from 'kysely';

/**
 * `column = anyInt(ids)`: `= any($1::int[])`, one array parameter however many ids, where
 * `in (…)` sends, binds and plans one parameter per id (5,000 in a bulk batch).
 */
export const anyInt = (ids: readonly number[]) => sql<number>`any(${[...ids]}::int[])`;
