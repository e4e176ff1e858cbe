/** REST paths of the Team screen: GET /api/team and POST /api/team/members. */
import { addMemberSchema } from '@crm/domain';
import { authedRoute } from '../../rest/route.js';
import { addTeamMember, listTeam } from './team.service.js';

export const teamRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/team',
    handler: ({ ctx }) => listTeam(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/team/members',
    body: addMemberSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => addTeamMember(ctx, body),
  }),
];
