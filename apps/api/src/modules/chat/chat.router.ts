/** tRPC: the Chat screen's reads and writes, and its live feed. */
import { idSchema, sendMessageSchema } from '@crm/domain';
import { z } from 'zod';
import { procedureFor, router } from '../../trpc/init.js';
import { chatFeed } from './chat.subscription.js';
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

const chatProcedure = procedureFor('chat.use');

export const chatRouter = router({
  contacts: chatProcedure.query(({ ctx }) => listContacts(ctx)),
  availableUsers: chatProcedure.query(({ ctx }) => listAvailableUsers(ctx)),
  unreadTotal: chatProcedure.query(({ ctx }) => unreadTotal(ctx)),
  onlineUserIds: chatProcedure.query(({ ctx }) => onlineUserIds(ctx)),
  messages: chatProcedure.input(z.object({ userId: idSchema })).query(({ ctx, input }) => listMessages(ctx, input.userId)),
  send: chatProcedure.input(sendMessageSchema).mutation(({ ctx, input }) => sendMessage(ctx, input)),
  markRead: chatProcedure.input(z.object({ messageId: idSchema })).mutation(({ ctx, input }) => markRead(ctx, input.messageId)),
  markConversationRead: chatProcedure
    .input(z.object({ userId: idSchema }))
    .mutation(({ ctx, input }) => markConversationRead(ctx, input.userId)),
  onEvent: chatProcedure
    .input(z.object({ lastEventId: z.string().max(20).nullish() }).optional())
    .subscription(({ ctx, input, signal }) => chatFeed(ctx, input?.lastEventId, signal)),
});
