/** tRPC `settings.get`: the server settings the forms and cards follow (see settings.service.ts). */
import { authedProcedure, router } from '../../trpc/init.js';
import { getAppSettings } from './settings.service.js';

export const settingsRouter = router({
  get: authedProcedure.query(({ ctx }) => getAppSettings(ctx)),
});
