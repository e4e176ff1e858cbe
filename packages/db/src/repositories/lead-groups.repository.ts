/** Lead groups (one per import): list with lead counts and role, create, delete with their leads. */
import type { LeadGroup } from '@crm/domain';
import type { DbOrTrx } from '../types.js';

function selectGroups(db: DbOrTrx) {
  return db
    .selectFrom('lead_groups')
    .where('lead_groups.deleted_at', 'is', null)
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

/** Newest first, names only: what Ctrl+K matches, without counting every group's leads as the Grupos tab does. */
export async function listLeadGroupNames(db: DbOrTrx): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('lead_groups')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countLeadGroups(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('lead_groups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deleted_at', 'is', null)
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

/**
 * Marks the group deleted (it leaves every list at once) and answers how many leads it had; its
 * leads are then removed by deleteLeadsOfDeletedGroups. Undefined: no such group, or deleted already.
 */
export async function markLeadGroupDeleted(db: DbOrTrx, id: number): Promise<{ deletedLeads: number } | undefined> {
  const group = await db
    .updateTable('lead_groups')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning((eb) => [
      eb
        .selectFrom('leads')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('leads.group_id', '=', 'lead_groups.id')
        .as('lead_count'),
    ])
    .executeTakeFirst();
  return group && { deletedLeads: Number(group.lead_count ?? 0) };
}

export async function listDeletedLeadGroupIds(db: DbOrTrx): Promise<number[]> {
  const rows = await db.selectFrom('lead_groups').select('id').where('deleted_at', 'is not', null).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * One batch of a deleted group's leads (their tracking goes with them); once none is left, the
 * group row too. Answers how many leads went. Rows another replica is deleting are skipped.
 */
export async function deleteLeadBatchOfDeletedGroup(db: DbOrTrx, groupId: number, batchSize: number): Promise<number> {
  const deleted = await db
    .deleteFrom('leads')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('leads')
        .select('id')
        .where('group_id', '=', groupId)
        .where((inner) =>
          inner.exists(inner.selectFrom('lead_groups').select('id').where('id', '=', groupId).where('deleted_at', 'is not', null)),
        )
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  const count = Number(deleted.numDeletedRows);
  if (count === 0) {
    await db
      .deleteFrom('lead_groups')
      .where('id', '=', groupId)
      .where('deleted_at', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('leads').select('id').where('group_id', '=', groupId))))
      .execute();
  }
  return count;
}

/** Removes a group no lead belongs to: the one an import made for rows that all turned out to be duplicates. */
export async function deleteEmptyLeadGroup(db: DbOrTrx, id: number): Promise<void> {
  await db
    .deleteFrom('lead_groups')
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('leads').select('id').where('group_id', '=', id))))
    .execute();
}

export async function customRoleExists(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('custom_roles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
