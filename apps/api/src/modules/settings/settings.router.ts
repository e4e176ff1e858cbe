/**
 * tRPC `settings`: get → the phone country and placeholder (as GET /api/settings); team → the team
 * settings (everyone); phonesToReread({ country }) → { count }; updateTeam(settings) → saved (admin).
 */
import { phoneRereadCountSchema, updateTeamSettingsSchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { getAppSettings } from './settings.service.js';
import { countRereadablePhones, getTeamSettings, updateTeamSettings } from './team-settings.service.js';

export const settingsRouter = router({
  get: authedProcedure.query(({ ctx }) => getAppSettings(ctx)),
  team: authedProcedure.query(({ ctx }) => getTeamSettings(ctx)),
  phonesToReread: authedProcedure.input(phoneRereadCountSchema).query(({ ctx, input }) => countRereadablePhones(ctx, input.country)),
  updateTeam: authedProcedure.input(updateTeamSettingsSchema).mutation(({ ctx, input }) => updateTeamSettings(ctx, input)),
});
