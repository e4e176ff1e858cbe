/** tRPC: the Chat screen's reads and writes (the live feed is `live.onEvent`; `onEvent` here is its old name). */
import {
  channelMessagesQuerySchema,
  createChannelSchema,
  idSchema,
  sendMessageSchema,
  text,
  chatViewingSchema,
  typingTargetSchema,
  updateChannelSchema,
} from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { chatSendGate } from '../../trpc/socket-gates.js';
import { liveFeedProcedure } from '../../live/live.router.js';
import {
  channelMembers,
  createChannel,
  listChannelMessagesFor,
  listChannels,
  markChannelRead,
  searchConversation,
  updateChannel,
} from './channels.service.js';
import { announceTyping } from './typing.service.js';
import { reportViewing } from './viewing.service.js';
import {
  listAvailableUsers,
  listContacts,
  listMessages,
  markConversationRead,
  markRead,
  onlineUserIds,
  sendMessage,
  unreadTotal,
} from './chat.service.js';

export const chatRouter = router({
  contacts: authedProcedure.query(({ ctx }) => listContacts(ctx)),
  availableUsers: authedProcedure.query(({ ctx }) => listAvailableUsers(ctx)),
  unreadTotal: authedProcedure.query(({ ctx }) => unreadTotal(ctx)),
  onlineUserIds: authedProcedure.query(({ ctx }) => onlineUserIds(ctx)),
  messages: authedProcedure.input(z.object({ userId: idSchema })).query(({ ctx, input }) => listMessages(ctx, input.userId)),
  send: chatSendGate
    .concat(authedProcedure)
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  markRead: authedProcedure.input(z.object({ messageId: idSchema })).mutation(({ ctx, input }) => markRead(ctx, input.messageId)),
  markConversationRead: authedProcedure
    .input(z.object({ userId: idSchema }))
    .mutation(({ ctx, input }) => markConversationRead(ctx, input.userId)),
  typing: authedProcedure.input(typingTargetSchema).mutation(({ ctx, input }) => announceTyping(ctx, input)),
  viewing: authedProcedure.input(chatViewingSchema).mutation(({ ctx, input }) => reportViewing(ctx, input)),
  search: authedProcedure
    .input(z.object({ channelId: idSchema.optional(), userId: idSchema.optional(), text: text().max(200) }))
    .query(({ ctx, input }) =>
      searchConversation(ctx, input.channelId !== undefined ? { channelId: input.channelId } : { userId: input.userId ?? 0 }, input.text),
    ),
  channels: authedProcedure.query(({ ctx }) => listChannels(ctx)),
  createChannel: authedProcedure.input(createChannelSchema).mutation(({ ctx, input }) => createChannel(ctx, input)),
  updateChannel: authedProcedure
    .input(updateChannelSchema.extend({ channelId: idSchema }))
    .mutation(({ ctx, input }) => updateChannel(ctx, input.channelId, input)),
  channelMembers: authedProcedure.input(z.object({ channelId: idSchema })).query(({ ctx, input }) => channelMembers(ctx, input.channelId)),
  channelMessages: authedProcedure
    .input(channelMessagesQuerySchema.extend({ channelId: idSchema }))
    .query(({ ctx, input }) => listChannelMessagesFor(ctx, input.channelId, input)),
  markChannelRead: authedProcedure
    .input(z.object({ channelId: idSchema }))
    .mutation(({ ctx, input }) => markChannelRead(ctx, input.channelId)),
  /** Alias of `live.onEvent` for clients that still subscribe under the old name. */
  onEvent: liveFeedProcedure,
});
