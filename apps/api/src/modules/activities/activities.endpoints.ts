/** The dashboard's 'Actividad Reciente' (docs/rest-api.md; tRPC `activities.*`): every signed-in user reads it. */
import { activitySchema, recentActivitiesQuerySchema } from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { getRecentActivities } from './activities.service.js';

export const activitiesEndpoints = [
  endpoint({
    name: 'activities.recent',
    summary: 'La actividad reciente del equipo, la más nueva primero',
    permission: 'team.read',
    // Without input, the schema's own defaults (the default limit).
    input: recentActivitiesQuerySchema.prefault({}),
    output: z.array(activitySchema),
    rest: { method: 'GET', path: '/api/activities/recent' },
    trpc: 'query',
    handler: ({ ctx, input }) => getRecentActivities(ctx, input),
  }),
] as const;

export const activitiesRouter = routerOf(activitiesEndpoints);
