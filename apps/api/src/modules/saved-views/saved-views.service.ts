/** Saved views (docs/leads.md, 'Vistas guardadas'): personal, named sets of list filters; only the owner sees or deletes one. */
import {
  UNIQUE_INDEXES,
  countSavedViews,
  deleteOwnSavedView,
  insertSavedView,
  listSavedViews,
  lockSavedViewOwner,
  uniqueViolationOf,
} from '@crm/db';
import {
  type CreateSavedView,
  type CustomFieldDefinition,
  DomainError,
  SAVED_VIEW_LIMITS,
  type SavedView,
  type SavedViewFilters,
  customSortKey,
  resolveCustomFilters,
  resolveCustomSort,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadFieldDefinitions } from '../custom-fields/custom-fields.service.js';
import { customFiltersOf, customSortOf } from '../leads/leads.service.js';

const NAME_TAKEN = 'Ya tienes una vista con ese nombre';
const LIMIT_REACHED = `Has llegado al máximo de ${SAVED_VIEW_LIMITS.perUser} vistas guardadas: elimina alguna primero`;
const VIEW_NOT_FOUND = 'Vista no encontrada';

const namesCustomField = (filters: SavedViewFilters) =>
  Object.keys(filters.cf ?? {}).length > 0 || (filters.sort !== undefined && customSortKey(filters.sort) !== undefined);

/**
 * What of a view's custom field filters and sort the list can still apply: one whose field was
 * archived or is gone, or whose option was removed, is left out of the answer (and comes back
 * when the field does: the stored view keeps it), so a view never opens on an error.
 */
function applicableFilters(filters: SavedViewFilters, definitions: readonly CustomFieldDefinition[]): SavedViewFilters {
  const { cf, sort, ...rest } = filters;
  const kept = Object.entries(cf ?? {}).filter(([key, filter]) => 'ok' in resolveCustomFilters({ [key]: filter }, definitions));
  const sortKey = sort === undefined ? undefined : customSortKey(sort);
  const sortApplies = sortKey === undefined || 'ok' in resolveCustomSort(sortKey, definitions);
  return { ...rest, ...(kept.length > 0 ? { cf: Object.fromEntries(kept) } : {}), ...(sort && sortApplies ? { sort } : {}) };
}

export async function mySavedViews(ctx: ServiceContext): Promise<SavedView[]> {
  requirePermission(ctx, 'lead.read');
  const views = await listSavedViews(ctx.db, ctx.viewer.user.id);
  if (!views.some((view) => namesCustomField(view.filters))) return views;
  const definitions = await leadFieldDefinitions(ctx);
  return views.map((view) => ({ ...view, filters: applicableFilters(view.filters, definitions) }));
}

/**
 * Counted and written under a per-person lock, so parallel saves can never pass the limit together.
 * Its custom field filters and sort are checked as the list checks them (a Spanish 400).
 */
export async function saveView(ctx: ServiceContext, input: CreateSavedView): Promise<SavedView> {
  requirePermission(ctx, 'lead.read');
  if (input.filters.cf) await customFiltersOf(ctx, input.filters);
  if (input.filters.sort) await customSortOf(ctx, input.filters.sort);
  const userId = ctx.viewer.user.id;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockSavedViewOwner(trx, userId);
      if ((await countSavedViews(trx, userId)) >= SAVED_VIEW_LIMITS.perUser) throw new DomainError('CONFLICT', LIMIT_REACHED);
      return insertSavedView(trx, { userId, ...input });
    });
  } catch (error) {
    if (uniqueViolationOf(error) === UNIQUE_INDEXES.savedViewName) throw new DomainError('CONFLICT', NAME_TAKEN);
    throw error;
  }
}

/** Someone else's view is a 404 like a missing one: its existence is not theirs to learn. */
export async function deleteView(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'lead.read');
  if (!(await deleteOwnSavedView(ctx.db, id, ctx.viewer.user.id))) throw new DomainError('NOT_FOUND', VIEW_NOT_FOUND);
  return { id };
}
