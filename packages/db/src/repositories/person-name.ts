/** How a person is named in history, notes and follow-ups: first and last name, else the username. */
import { type RawBuilder, sql } from 'kysely';

export function personNameSql(alias: string): RawBuilder<string> {
  const table = sql.table(alias);
  return sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table}.first_name, ${table}.last_name)), ''), ${table}.username)`;
}
