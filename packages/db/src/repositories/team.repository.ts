/** The Team screen's figures: each user's assigned and converted leads, and role counts. */
import type { UserRoleCounts } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { IN_VISIBLE_GROUP } from './leads.repository.js';

export interface LeadFigures {
  assigned: number;
  converted: number;
}

/**
 * Leads assigned to each user and how many of those are convertido; users with none are absent.
 * Leads of an import still being written or of a group being deleted count for nobody, as in the lists.
 */
export async function leadFiguresByAssignee(db: DbOrTrx): Promise<Map<number, LeadFigures>> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => [
      'assigned_to',
      eb.fn.countAll<number>().as('assigned'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'convertido').as('converted'),
    ])
    .where('assigned_to', 'is not', null)
    .where(IN_VISIBLE_GROUP)
    .groupBy('assigned_to')
    .execute();
  const figures = new Map<number, LeadFigures>();
  for (const row of rows) {
    if (row.assigned_to !== null) {
      figures.set(row.assigned_to, { assigned: Number(row.assigned), converted: Number(row.converted) });
    }
  }
  return figures;
}

/**
 * When each user was last seen, for 'Activos Hoy': the later of the user's stamp and their
 * sessions' (a session is stamped on sign-in, the user only after a minute of use).
 */
export async function lastSeenByUser(db: DbOrTrx): Promise<Map<number, Date | null>> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('sessions', 'sessions.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      sql<Date | null>`greatest(${eb.ref('users.last_seen_at')}, max(${eb.ref('sessions.last_seen_at')}))`.as('seen'),
    ])
    .groupBy('users.id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.seen === null ? null : new Date(row.seen)]));
}

export async function countUsersByRole(db: DbOrTrx): Promise<UserRoleCounts> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['system_role', eb.fn.countAll<number>().as('count')])
    .where('deactivated_at', 'is', null)
    .groupBy('system_role')
    .execute();
  const counts: UserRoleCounts = { admin: 0, manager: 0, team_member: 0 };
  for (const row of rows) counts[row.system_role] = Number(row.count);
  return counts;
}
