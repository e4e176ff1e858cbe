/** Lead groups (one per import): list with lead counts and role, create, delete with their leads. */
import type { LeadGroup } from '@crm/domain';
import type { DbOrTrx } from '../types.js';

function selectGroups(db: DbOrTrx) {
  return db
    .selectFrom('lead_groups')
    .leftJoin('custom_roles', 'custom_roles.id', 'lead_groups.assigned_role_id')
    .select((eb) => [
      'lead_groups.id',
      'lead_groups.name',
      'lead_groups.description',
      'lead_groups.assigned_role_id',
      'lead_groups.created_at',
      'custom_roles.name as role_name',
      'custom_roles.display_name as role_display_name',
      'custom_roles.color as role_color',
      eb
        .selectFrom('leads')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('leads.group_id', '=', 'lead_groups.id')
        .as('lead_count'),
    ]);
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['executeTakeFirstOrThrow']>>;

function toLeadGroupDto(row: GroupRow): LeadGroup {
  const hasRole = row.assigned_role_id !== null && row.role_name !== null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    leadCount: Number(row.lead_count ?? 0),
    createdAt: row.created_at,
    assignedRoleId: row.assigned_role_id,
    assignedRole:
      hasRole && row.assigned_role_id !== null
        ? {
            id: row.assigned_role_id,
            name: row.role_name ?? '',
            displayName: row.role_display_name ?? '',
            color: row.role_color ?? '',
          }
        : null,
  };
}

/** Newest first, as the Grupos tab shows them. */
export async function listLeadGroups(db: DbOrTrx): Promise<LeadGroup[]> {
  const rows = await selectGroups(db).orderBy('lead_groups.created_at', 'desc').orderBy('lead_groups.id', 'desc').execute();
  return rows.map(toLeadGroupDto);
}

export async function countLeadGroups(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('lead_groups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLeadGroup(
  db: DbOrTrx,
  values: { name: string; description: string | null; assignedRoleId: number | null; createdBy: number },
): Promise<number> {
  const { id } = await db
    .insertInto('lead_groups')
    .values({
      name: values.name,
      description: values.description,
      assigned_role_id: values.assignedRoleId,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Deletes the group's leads, then the group; the caller runs both in one transaction. Undefined: no such group. */
export async function deleteLeadGroupWithLeads(db: DbOrTrx, id: number): Promise<{ deletedLeads: number } | undefined> {
  const group = await db.selectFrom('lead_groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!group) return undefined;
  const leads = await db.deleteFrom('leads').where('group_id', '=', id).executeTakeFirst();
  await db.deleteFrom('lead_groups').where('id', '=', id).execute();
  return { deletedLeads: Number(leads.numDeletedRows) };
}

export async function customRoleExists(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('custom_roles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
