/**
 * Who sees which leads, in ONE place: the SQL predicate every lead-reading query adds
 * (docs/roles-and-permissions.md, 'Visibilidad de leads'). The service resolves the reader once
 * per call (leadReaderOf) and passes it; a repository never decides it.
 */
import { type LeadVisibility, type SystemRole, narrowestVisibility } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

/** Whom a query reads for: everything, or a person's own (and their team's) leads. */
export type LeadReader =
  { visibility: 'all' } | { visibility: 'own'; userId: number } | { visibility: 'team'; userId: number; teamId: number | null };

/** For the server's own work (webhooks, jobs, the admin's reports): every lead. */
export const EVERY_LEAD: LeadReader = { visibility: 'all' };

/**
 * The leads `reader` may see, as a condition on the leads table under `alias`; undefined when
 * it sees them all (no condition: the plans of today's queries stay as they are).
 * 'own': assigned to them, or unassigned and created by them. 'team': assigned to a member of
 * their team, or unassigned and created by one (without a team, their own).
 */
export function visibleLeadsCondition(reader: LeadReader, alias = 'leads'): RawBuilder<SqlBool> | undefined {
  if (reader.visibility === 'all') return undefined;
  const assignedTo = sql.ref(`${alias}.assigned_to`);
  const createdBy = sql.ref(`${alias}.created_by`);
  if (reader.visibility === 'own' || reader.teamId === null) {
    return sql<SqlBool>`(${assignedTo} = ${reader.userId} or (${assignedTo} is null and ${createdBy} = ${reader.userId}))`;
  }
  const team = sql`(select id from users where team_id = ${reader.teamId})`;
  return sql<SqlBool>`(${assignedTo} in ${team} or (${assignedTo} is null and ${createdBy} in ${team}))`;
}

/** The condition for a query that needs one whatever the reader ('true' for someone who sees all). */
export function visibleLeads(reader: LeadReader, alias = 'leads'): RawBuilder<SqlBool> {
  return visibleLeadsCondition(reader, alias) ?? sql<SqlBool>`true`;
}

/** A person's reader: an admin sees all; anyone else the narrowest setting among their system role and custom roles. */
export async function findLeadReader(db: DbOrTrx, userId: number): Promise<LeadReader> {
  const user = await db.selectFrom('users').select(['system_role', 'team_id']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.system_role === 'admin') return EVERY_LEAD;
  const settings = await db
    .selectFrom('role_lead_visibility')
    .select('lead_visibility')
    .where('system_role', '=', user.system_role)
    .unionAll(
      db
        .selectFrom('custom_roles as r')
        .innerJoin('user_custom_roles as ucr', 'ucr.role_id', 'r.id')
        .select('r.lead_visibility')
        .where('ucr.user_id', '=', userId),
    )
    .execute();
  const visibility = narrowestVisibility(settings.map((row) => row.lead_visibility));
  if (visibility === 'all') return EVERY_LEAD;
  return visibility === 'own' ? { visibility, userId } : { visibility, userId, teamId: user.team_id };
}

export async function listLeadVisibilitySettings(
  db: DbOrTrx,
): Promise<{ systemRoles: Record<SystemRole, LeadVisibility>; customRoles: { id: number; visibility: LeadVisibility }[] }> {
  const [system, custom] = await Promise.all([
    db.selectFrom('role_lead_visibility').select(['system_role', 'lead_visibility']).execute(),
    db.selectFrom('custom_roles').select(['id', 'lead_visibility']).orderBy('id').execute(),
  ]);
  const systemRoles: Record<SystemRole, LeadVisibility> = { admin: 'all', manager: 'all', team_member: 'all' };
  for (const row of system) systemRoles[row.system_role] = row.lead_visibility;
  return { systemRoles, customRoles: custom.map((row) => ({ id: row.id, visibility: row.lead_visibility })) };
}

/** Sets a role's visibility; false when the custom role does not exist. */
export async function setLeadVisibility(
  db: DbOrTrx,
  role: { systemRole: SystemRole } | { customRoleId: number },
  visibility: LeadVisibility,
): Promise<boolean> {
  const result =
    'systemRole' in role
      ? await db
          .updateTable('role_lead_visibility')
          .set({ lead_visibility: visibility })
          .where('system_role', '=', role.systemRole)
          .executeTakeFirst()
      : await db.updateTable('custom_roles').set({ lead_visibility: visibility }).where('id', '=', role.customRoleId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
