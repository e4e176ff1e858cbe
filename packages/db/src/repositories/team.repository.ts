/** The Team screen's figures: each user's assigned and converted leads, and role counts. */
import type { UserRoleCounts } from '@crm/domain';
import type { DbOrTrx } from '../types.js';

export interface LeadFigures {
  assigned: number;
  converted: number;
}

/** Leads assigned to each user and how many of those are convertido; users with none are absent. */
export async function leadFiguresByAssignee(db: DbOrTrx): Promise<Map<number, LeadFigures>> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => [
      'assigned_to',
      eb.fn.countAll<number>().as('assigned'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'convertido').as('converted'),
    ])
    .where('assigned_to', 'is not', null)
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

/** When each user was last seen (a request), for 'Activos Hoy'. */
export async function lastSeenByUser(db: DbOrTrx): Promise<Map<number, Date | null>> {
  const rows = await db.selectFrom('users').select(['id', 'last_seen_at']).execute();
  return new Map(rows.map((row) => [row.id, row.last_seen_at]));
}

export async function countUsersByRole(db: DbOrTrx): Promise<UserRoleCounts> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['system_role', eb.fn.countAll<number>().as('count')])
    .groupBy('system_role')
    .execute();
  const counts: UserRoleCounts = { admin: 0, manager: 0, team_member: 0 };
  for (const row of rows) counts[row.system_role] = Number(row.count);
  return counts;
}
