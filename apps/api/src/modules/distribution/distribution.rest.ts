/** REST: PUT /api/users/{id}/availability { available }. A role's rule goes through PUT /api/custom-roles/{id} { distribution }. */
import { availabilitySchema, idSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { setAvailability } from './distribution.service.js';

export const distributionRestRoutes = [
  authedRoute({
    method: 'PUT',
    url: '/api/users/:id/availability',
    body: availabilitySchema,
    handler: ({ ctx, params, body }) => setAvailability(ctx, parseInput(idSchema, params.id), body.available),
  }),
];
