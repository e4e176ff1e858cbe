/** tRPC: the Chat screen's reads and writes, and its live feed. */
import { idSchema, sendMessageSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { socketFeedGate, socketSendGate } from '../../trpc/socket-gates.js';
import { openChatFeed } from './chat.subscription.js';
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
  send: socketSendGate
    .concat(authedProcedure)
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  markRead: authedProcedure.input(z.object({ messageId: idSchema })).mutation(({ ctx, input }) => markRead(ctx, input.messageId)),
  markConversationRead: authedProcedure
    .input(z.object({ userId: idSchema }))
    .mutation(({ ctx, input }) => markConversationRead(ctx, input.userId)),
  onEvent: socketFeedGate
    .concat(authedProcedure)
    .input(z.object({ lastEventId: z.string().max(20).nullish() }).optional())
    .subscription(({ ctx, input, signal }) => openChatFeed(ctx, input?.lastEventId, signal)),
});
