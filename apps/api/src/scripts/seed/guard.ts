/** The seed's safety catch: a database with real data is left alone unless --force says to replace it. */
import type { DbOrTrx } from '@crm/db';
import { sql } from 'kysely';

export const SERVER_RUNNING_MESSAGE =
  'Un servidor del CRM está usando esta base de datos: detenlo antes de cargar la demostración y vuelve a arrancarlo después.';

/** True when there is anything besides (at most) the first admin a fresh start creates. */
export async function hasData(db: DbOrTrx): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select((u) => u.fn.countAll<number>().as('n'))
        .as('users'),
      eb
        .selectFrom('leads')
        .select((u) => u.fn.countAll<number>().as('n'))
        .as('leads'),
      eb
        .selectFrom('custom_roles')
        .select((u) => u.fn.countAll<number>().as('n'))
        .as('roles'),
      eb
        .selectFrom('chat_messages')
        .select((u) => u.fn.countAll<number>().as('n'))
        .as('messages'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.users) > 1 || Number(row.leads) > 0 || Number(row.roles) > 0 || Number(row.messages) > 0;
}

/** Empties every table the app writes (--force), so the demo replaces what was there. */
export async function wipeAll(db: DbOrTrx): Promise<void> {
  await sql`truncate table activities, chat_messages, conversation_tracking, leads, lead_groups,
    user_custom_roles, custom_roles, profile_images, sessions, login_attempts, users restart identity cascade`.execute(db);
}
