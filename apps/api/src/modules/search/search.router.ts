/** tRPC `search.everything({ q })` → { leads, users, groups }, five of each (the Ctrl+K palette). */
import { searchQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { searchEverything } from './search.service.js';

export const searchRouter = router({
  everything: authedProcedure.input(searchQuerySchema).query(({ ctx, input }) => searchEverything(ctx, input)),
});
