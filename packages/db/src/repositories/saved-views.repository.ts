/** A person's saved views of the leads list: read, counted, written and deleted by their owner only. */
import { type SavedView, type SavedViewMode, savedViewFiltersSchema } from '@crm/domain';
import type { DbOrTrx } from '../types.js';

const columns = ['id', 'name', 'view', 'filters', 'created_at'] as const;

function toSavedView(row: {
  id: number;
  name: string;
  view: SavedViewMode;
  filters: Record<string, unknown>;
  created_at: Date;
}): SavedView {
  // Stored through the same schema; a key a later version dropped is left out rather than failing the list.
  const filters = savedViewFiltersSchema.safeParse(row.filters);
  return { id: row.id, name: row.name, view: row.view, filters: filters.success ? filters.data : {}, createdAt: row.created_at };
}

/** In the order they were saved, as the chips show them. */
export async function listSavedViews(db: DbOrTrx, userId: number): Promise<SavedView[]> {
  const rows = await db.selectFrom('saved_views').select(columns).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toSavedView);
}

export async function countSavedViews(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSavedView(
  db: DbOrTrx,
  values: { userId: number; name: string; view: SavedViewMode; filters: Record<string, unknown> },
): Promise<SavedView> {
  const row = await db
    .insertInto('saved_views')
    .values({ user_id: values.userId, name: values.name, view: values.view, filters: JSON.stringify(values.filters) })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toSavedView(row);
}

/** Deletes the view if `userId` owns it; false when there is no such view of theirs. */
export async function deleteOwnSavedView(db: DbOrTrx, id: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_views').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
