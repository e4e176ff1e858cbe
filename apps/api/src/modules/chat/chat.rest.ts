/** REST paths of the chat (docs/rest-api.md): the documented protocol and the web app's fallback. */
import { idSchema, sendMessageSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { listAvailableUsers, listContacts, listMessages, markRead, sendMessage } from './chat.service.js';

export const chatRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/chat/contacts', permission: 'chat.use', handler: ({ ctx }) => listContacts(ctx) }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/available-users',
    permission: 'chat.use',
    handler: ({ ctx }) => listAvailableUsers(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/messages/:userId',
    permission: 'chat.use',
    handler: ({ ctx, params }) => listMessages(ctx, parseInput(idSchema, params.userId)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/messages',
    permission: 'chat.use',
    body: sendMessageSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => sendMessage(ctx, body),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/messages/:id/read',
    permission: 'chat.use',
    handler: ({ ctx, params }) => markRead(ctx, parseInput(idSchema, params.id)),
  }),
];
