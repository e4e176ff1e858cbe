/** REST paths the lead dialogs read (docs/rest-api.md): GET /api/team/sales, GET /api/team/sales-with-roles. */
import { authedRoute } from '../../rest/route.js';
import { listSalesTeam, listSalesTeamWithRoles } from './sales-team.service.js';

export const salesTeamRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/team/sales', handler: ({ ctx }) => listSalesTeam(ctx) }),
  authedRoute({
    method: 'GET',
    url: '/api/team/sales-with-roles',
    handler: ({ ctx }) => listSalesTeamWithRoles(ctx),
  }),
];
