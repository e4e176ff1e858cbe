/** REST: GET /api/settings, the same answer as tRPC settings.get. */
import { authedRoute } from '../../rest/route.js';
import { getAppSettings } from './settings.service.js';

export const settingsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/settings',
    handler: ({ ctx }) => Promise.resolve(getAppSettings(ctx)),
  }),
];
