/**
 * REST paths the lead dialogs read (docs/rest-api.md): GET /api/team/sales, GET /api/team/sales-with-roles.
 * Every user may own leads, so they answer the user list (see sales-team.router.ts).
 */
import { authedRoute } from '../../rest/route.js';
import { listUsers, listUsersWithRoles } from '../users/user-queries.service.js';

export const salesTeamRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/team/sales', handler: ({ ctx }) => listUsers(ctx) }),
  authedRoute({ method: 'GET', url: '/api/team/sales-with-roles', handler: ({ ctx }) => listUsersWithRoles(ctx) }),
];
