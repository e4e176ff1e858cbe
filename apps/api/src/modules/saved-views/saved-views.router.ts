/** tRPC `savedViews`: list() → SavedView[], create({ name, view, filters }) → SavedView, delete({ id }) → { id }; the caller's own only. */
import { createSavedViewSchema, savedViewIdSchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { deleteView, mySavedViews, saveView } from './saved-views.service.js';

export const savedViewsRouter = router({
  list: authedProcedure.query(({ ctx }) => mySavedViews(ctx)),
  create: authedProcedure.input(createSavedViewSchema).mutation(({ ctx, input }) => saveView(ctx, input)),
  delete: authedProcedure.input(savedViewIdSchema).mutation(({ ctx, input }) => deleteView(ctx, input.id)),
});
