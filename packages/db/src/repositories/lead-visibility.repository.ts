/**
 * Who sees which leads, in ONE place: the SQL predicate every lead-reading query adds
 * (docs/roles-and-permissions.md, 'Visibilidad de leads'). The service resolves the reader once
 * per call (leadReaderOf) and passes it; a repository never decides it.
 */
import type { LeadVisibility, SystemRole } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';

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

const NARROWNESS = sql<number>`case lead_visibility when 'own' then 2 when 'team' then 1 else 0 end`;

/**
 * Each active user's reader, computed in one statement: an admin sees all; anyone else the
 * narrowest setting among their system role and their custom roles.
 */
function readersQuery(db: DbOrTrx) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.team_id', 'u.system_role'])
    .select((eb) =>
      eb
        .selectFrom(
          eb
            .selectFrom('role_lead_visibility')
            .select(NARROWNESS.as('narrowness'))
            .whereRef('role_lead_visibility.system_role', '=', 'u.system_role')
            .unionAll(
              eb
                .selectFrom('custom_roles')
                .innerJoin('user_custom_roles as ucr', 'ucr.role_id', 'custom_roles.id')
                .select(NARROWNESS.as('narrowness'))
                .whereRef('ucr.user_id', '=', 'u.id'),
            )
            .as('settings'),
        )
        .select(sql<number>`coalesce(max(settings.narrowness), 0)`.as('narrowness'))
        .as('narrowness'),
    )
    .where('u.deactivated_at', 'is', null);
}

type ReaderRow = { id: number; team_id: number | null; system_role: SystemRole; narrowness: number | null };

function readerOf(row: ReaderRow): LeadReader {
  if (row.system_role === 'admin' || !row.narrowness) return EVERY_LEAD;
  return row.narrowness >= 2 ? { visibility: 'own', userId: row.id } : { visibility: 'team', userId: row.id, teamId: row.team_id };
}

/** A person's reader (a deactivated or unknown one reads nothing of anyone's: 'own' of themself). */
export async function findLeadReader(db: DbOrTrx, userId: number): Promise<LeadReader> {
  const row = await readersQuery(db).where('u.id', '=', userId).executeTakeFirst();
  return row ? readerOf(row) : { visibility: 'own', userId };
}

/** Every active user's reader: whom a live event about leads may reach. */
export async function listLeadReaders(db: DbOrTrx): Promise<(ReaderOfUser & { systemRole: SystemRole })[]> {
  const rows = await readersQuery(db).execute();
  return rows.map((row) => ({ userId: row.id, systemRole: row.system_role, reader: readerOf(row) }));
}

/** A person's reader, as the live events' audiences are computed from. */
export interface ReaderOfUser {
  userId: number;
  reader: LeadReader;
}

/**
 * The restricted readers' sight as (reader, owner) pairs, for the set-based reads below: a reader
 * sees the leads whose owner — the assignee, else the creator — is themself ('own', or 'team'
 * without a team) or a member of their team. It is visibleLeadsCondition's rule, for many readers at
 * once: `assigned_to = X or (assigned_to is null and created_by = X)` is `coalesce(assigned_to, created_by) = X`.
 */
function ownersSeenBy(readers: readonly ReaderOfUser[]): RawBuilder<{ user_id: number; owner_id: number }> {
  const restricted = readers.filter((person) => person.reader.visibility !== 'all');
  const userIds = restricted.map((person) => person.userId);
  const teamIds = restricted.map((person) => (person.reader.visibility === 'team' ? person.reader.teamId : null));
  return sql`(select r.user_id, o.id as owner_id
    from unnest(${userIds}::int[], ${teamIds}::int[]) as r(user_id, team_id)
    join users o on (r.team_id is null and o.id = r.user_id) or o.team_id = r.team_id)`;
}

/** Which of `leadIds` each restricted reader of `readers` sees, in one statement, by ascending ids (those who see every lead are not listed). */
export async function restrictedLeadSight(
  db: DbOrTrx,
  leadIds: readonly number[],
  readers: readonly ReaderOfUser[],
): Promise<{ userId: number; leadId: number }[]> {
  if (leadIds.length === 0 || readers.every((person) => person.reader.visibility === 'all')) return [];
  const { rows } = await sql<{ userId: number; leadId: number }>`select s.user_id as "userId", l.id as "leadId"
    from leads l join ${ownersSeenBy(readers)} s on s.owner_id = coalesce(l.assigned_to, l.created_by)
    where l.id = ${anyInt(leadIds)} order by s.user_id, l.id`.execute(db);
  return rows;
}

/** Whose leads each restricted reader of `readers` sees: the owners' ids, ascending (one statement). */
export async function restrictedOwnerSight(db: DbOrTrx, readers: readonly ReaderOfUser[]): Promise<Map<number, number[]>> {
  if (readers.every((person) => person.reader.visibility === 'all')) return new Map();
  const { rows } = await sql<{ userId: number; ownerIds: number[] }>`select s.user_id as "userId",
      array_agg(s.owner_id order by s.owner_id) as "ownerIds"
    from ${ownersSeenBy(readers)} s group by s.user_id`.execute(db);
  return new Map(rows.map((row) => [row.userId, row.ownerIds]));
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
