/** REST paths of the chat (docs/rest-api.md): the documented protocol and the web app's fallback; channels and attachments included. */
import { idSchema, sendMessageSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { sessionFrameGate, sessionSendRefusal } from '../../live/frame-gate.js';
import { authedRoute } from '../../rest/route.js';
import { chatAttachmentRestRoutes } from './attachments.rest.js';
import { chatChannelRestRoutes } from './channels.rest.js';
import { listAvailableUsers, listContacts, listMessages, markRead, sendMessage } from './chat.service.js';

export const chatRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/chat/contacts', handler: ({ ctx }) => listContacts(ctx) }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/available-users',
    handler: ({ ctx }) => listAvailableUsers(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/messages/:userId',
    handler: ({ ctx, params }) => listMessages(ctx, parseInput(idSchema, params.userId)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/messages',
    floodGate: sessionSendRefusal,
    body: sendMessageSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => sessionFrameGate(ctx.viewer.sessionId, ctx.env.CHAT_RATE_PER_10S).run(() => sendMessage(ctx, body)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/messages/:id/read',
    handler: ({ ctx, params }) => markRead(ctx, parseInput(idSchema, params.id)),
  }),
  ...chatChannelRestRoutes,
  ...chatAttachmentRestRoutes,
];
