/** Lead visibility per role (docs/roles-and-permissions.md, 'Visibilidad de leads'; tRPC `leadVisibility.*`). */
import { leadVisibilitySettingsSchema, setLeadVisibilitySchema } from '@crm/domain';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { leadVisibilitySettings, setLeadVisibility } from './lead-visibility.service.js';

export const leadVisibilityEndpoints = [
  endpoint({
    name: 'leadVisibility.list',
    summary: 'Qué leads ve cada rol del sistema y cada rol personalizado',
    description: "`all` ('Todos', por defecto), `team` ('Su equipo') u `own` ('Solo los suyos'). Un administrador ve siempre todos.",
    permission: 'authenticated',
    input: NO_INPUT,
    output: leadVisibilitySettingsSchema,
    rest: { method: 'GET', path: '/api/roles/lead-visibility' },
    trpc: 'query',
    handler: ({ ctx }) => leadVisibilitySettings(ctx),
  }),
  endpoint({
    name: 'leadVisibility.set',
    summary: 'Fija qué leads ve un rol',
    description:
      '`role`: `admin`, `manager`, `team_member` (o `vendedor`) o el id de un rol personalizado. Se aplica el más estrecho de los roles de cada persona. Solo un administrador.',
    permission: 'role.setLeadVisibility',
    audit: true,
    input: setLeadVisibilitySchema,
    output: leadVisibilitySettingsSchema,
    rest: { method: 'PUT', path: '/api/roles/:role/lead-visibility' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => setLeadVisibility(ctx, input),
  }),
] as const;

export const leadVisibilityRouter = routerOf(leadVisibilityEndpoints);
