/** REST paths of the channels (docs/rest-api.md#chat): list, create and edit them, read and post their messages. */
import { channelMessageBodySchema, channelMessagesQuerySchema, createChannelSchema, idSchema, updateChannelSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { sessionFrameGate, sessionSendRefusal } from '../../live/frame-gate.js';
import { authedRoute } from '../../rest/route.js';
import { sendMessage } from './chat.service.js';
import { channelMembers, createChannel, listChannelMessagesFor, listChannels, markChannelRead, updateChannel } from './channels.service.js';

export const chatChannelRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/chat/channels', handler: ({ ctx }) => listChannels(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/channels',
    body: createChannelSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createChannel(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/chat/channels/:id',
    body: updateChannelSchema,
    handler: ({ ctx, params, body }) => updateChannel(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/channels/:id/members',
    handler: ({ ctx, params }) => channelMembers(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/chat/channels/:id/messages',
    handler: ({ ctx, params, query }) =>
      listChannelMessagesFor(ctx, parseInput(idSchema, params.id), parseInput(channelMessagesQuerySchema, query)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/channels/:id/messages',
    floodGate: sessionSendRefusal,
    body: channelMessageBodySchema,
    successStatus: 201,
    handler: ({ ctx, params, body }) =>
      sessionFrameGate(ctx.viewer.sessionId, ctx.env.CHAT_RATE_PER_10S).run(() =>
        sendMessage(ctx, { ...body, channelId: parseInput(idSchema, params.id) }),
      ),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/chat/channels/:id/read',
    handler: ({ ctx, params }) => markChannelRead(ctx, parseInput(idSchema, params.id)),
  }),
];
