/** REST paths the lead dialogs read (docs/rest-api.md): GET /api/team/sales, GET /api/team/sales-with-roles. */
import { authedRoute } from '../../rest/route.js';
import { listSalesTeam, listSalesTeamWithRoles } from './sales-team.service.js';

export const salesTeamRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/team/sales', permission: 'team.read', handler: ({ ctx }) => listSalesTeam(ctx) }),
  authedRoute({
    method: 'GET',
    url: '/api/team/sales-with-roles',
    permission: 'team.read',
    handler: ({ ctx }) => listSalesTeamWithRoles(ctx),
  }),
];
