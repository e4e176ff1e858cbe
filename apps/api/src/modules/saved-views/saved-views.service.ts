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
import { type CreateSavedView, DomainError, SAVED_VIEW_LIMITS, type SavedView } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

const NAME_TAKEN = 'Ya tienes una vista con ese nombre';
const LIMIT_REACHED = `Has llegado al máximo de ${SAVED_VIEW_LIMITS.perUser} vistas guardadas: elimina alguna primero`;
const VIEW_NOT_FOUND = 'Vista no encontrada';

export function mySavedViews(ctx: ServiceContext): Promise<SavedView[]> {
  requirePermission(ctx, 'lead.read');
  return listSavedViews(ctx.db, ctx.viewer.user.id);
}

/** Counted and written under a per-person lock, so parallel saves can never pass the limit together. */
export async function saveView(ctx: ServiceContext, input: CreateSavedView): Promise<SavedView> {
  requirePermission(ctx, 'lead.read');
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
