/** REST: GET /api/settings (as tRPC settings.get), GET/PUT /api/settings/team and the phone re-read count. */
import { phoneRereadCountSchema, updateTeamSettingsSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getAppSettings } from './settings.service.js';
import { countRereadablePhones, getTeamSettings, updateTeamSettings } from './team-settings.service.js';

export const settingsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/settings',
    handler: async ({ ctx }) => getAppSettings(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/settings/team',
    handler: ({ ctx }) => getTeamSettings(ctx),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/settings/team',
    body: updateTeamSettingsSchema,
    handler: ({ ctx, body }) => updateTeamSettings(ctx, body),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/settings/team/phones-to-reread',
    handler: ({ ctx, query }) => countRereadablePhones(ctx, parseInput(phoneRereadCountSchema, query).country),
  }),
];
