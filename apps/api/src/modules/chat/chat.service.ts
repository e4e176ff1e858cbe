/** Team chat (docs/live-protocol.md): everyone chats, reading only their own conversations; the same calls serve tRPC, REST and /ws. */
import {
  countUnreadMessages,
  type DbOrTrx,
  findUserById,
  insertChatMessageWithinRate,
  isMessageReceivedBy,
  listChatCandidates,
  listChatContacts,
  listConversation,
  listOnlineUserIds,
  listValidSessionIds,
  lockChatSender,
  markMessagesRead,
  recordActivity,
} from '@crm/db';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatContact,
  type ChatMessage,
  DomainError,
  displayName,
  type sendMessageSchema,
  UNAUTHORIZED_MESSAGE,
} from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { actorName } from '../activities/activities.service.js';

const CHAT_USER_NOT_FOUND = 'Usuario no encontrado';
const CHAT_MESSAGE_NOT_FOUND = 'Mensaje no encontrado';
const CHAT_SELF = 'No puedes enviarte mensajes a ti mismo';

export function listContacts(ctx: ServiceContext): Promise<ChatContact[]> {
  requirePermission(ctx, 'chat.use');
  return listChatContacts(ctx.db, ctx.viewer.user.id);
}

export function listAvailableUsers(ctx: ServiceContext): Promise<ChatContact[]> {
  requirePermission(ctx, 'chat.use');
  return listChatCandidates(ctx.db, ctx.viewer.user.id);
}

/** Who has a live connection open on any replica: the conversation header's 'En línea'. */
export function onlineUserIds(ctx: ServiceContext): Promise<number[]> {
  requirePermission(ctx, 'chat.use');
  return listOnlineUserIds(ctx.db);
}

export function unreadTotal(ctx: ServiceContext): Promise<number> {
  requirePermission(ctx, 'chat.use');
  return countUnreadMessages(ctx.db, ctx.viewer.user.id);
}

/** The viewer's conversation with `otherId`; only the two of them can ever read it. */
export async function listMessages(ctx: ServiceContext, otherId: number): Promise<ChatMessage[]> {
  requirePermission(ctx, 'chat.use');
  // A deactivated colleague's conversation stays readable; only new messages to them are refused.
  if (!(await findUserById(ctx.db, otherId, { includeDeactivated: true }))) throw new DomainError('NOT_FOUND', CHAT_USER_NOT_FOUND);
  return listConversation(ctx.db, ctx.viewer.user.id, otherId);
}

/**
 * Stores a message and its activity in one transaction, under the per-sender rate limit
 * (counted in the database, so every replica and protocol shares it) and only while the
 * sender's session lasts (so a /ws socket of an ended session can send nothing), then
 * announces it.
 */
export async function sendMessage(ctx: ServiceContext, input: z.output<typeof sendMessageSchema>): Promise<ChatMessage> {
  requirePermission(ctx, 'chat.use');
  const sender = ctx.viewer.user;
  if (input.receiverId === sender.id) throw new DomainError('BAD_REQUEST', CHAT_SELF);
  const message = await ctx.db.transaction().execute(async (trx) => {
    await lockChatSender(trx, sender.id);
    const stored = await insertChatMessageWithinRate(trx, {
      senderId: sender.id,
      sessionId: ctx.viewer.sessionId,
      receiverId: input.receiverId,
      message: input.message,
      maxPerWindow: CHAT_LIMITS.rate.messages,
      windowMs: CHAT_LIMITS.rate.windowMs,
    });
    if (!stored) throw await whyNotStored(trx, ctx, input.receiverId);
    await recordActivity(trx, {
      type: 'message_sent',
      description: `${actorName(ctx)} envió un mensaje a ${displayName(stored.receiver)}`,
      userId: sender.id,
    });
    return stored.message;
  });
  await publishLive(ctx, { type: 'chat', message }, { userIds: [message.senderId, message.receiverId] });
  return message;
}

/** The send was refused: say which rule, in the order a caller would want to hear it. */
async function whyNotStored(trx: DbOrTrx, ctx: ServiceContext, receiverId: number): Promise<DomainError> {
  if ((await listValidSessionIds(trx, [ctx.viewer.sessionId])).length === 0) return new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  if (!(await findUserById(trx, receiverId))) return new DomainError('NOT_FOUND', CHAT_USER_NOT_FOUND);
  return new DomainError('TOO_MANY_REQUESTS', CHAT_MESSAGES.rateLimited);
}

/** Marks one received message read; someone else's message is not found, whoever asks. */
export async function markRead(ctx: ServiceContext, messageId: number): Promise<{ messageIds: number[] }> {
  requirePermission(ctx, 'chat.use');
  const changed = await markMessagesRead(ctx.db, ctx.viewer.user.id, { ids: [messageId] });
  if (changed.length === 0) {
    // Already read is fine (idempotent); not the receiver's, or no such message, is 404.
    if (!(await isMessageReceivedBy(ctx.db, messageId, ctx.viewer.user.id))) throw new DomainError('NOT_FOUND', CHAT_MESSAGE_NOT_FOUND);
    return { messageIds: [] };
  }
  await announceRead(ctx, changed);
  return { messageIds: changed.map((row) => row.id) };
}

/** Marks read everything `otherId` sent the viewer: what an open conversation does. */
export async function markConversationRead(ctx: ServiceContext, otherId: number): Promise<{ messageIds: number[] }> {
  requirePermission(ctx, 'chat.use');
  const changed = await markMessagesRead(ctx.db, ctx.viewer.user.id, { senderId: otherId });
  await announceRead(ctx, changed);
  return { messageIds: changed.map((row) => row.id) };
}

async function announceRead(ctx: ServiceContext, changed: { id: number; senderId: number }[]): Promise<void> {
  const bySender = new Map<number, number[]>();
  for (const row of changed) bySender.set(row.senderId, [...(bySender.get(row.senderId) ?? []), row.id]);
  for (const [senderId, messageIds] of bySender) {
    await publishLive(ctx, { type: 'read', messageIds, readerId: ctx.viewer.user.id }, { userIds: [senderId, ctx.viewer.user.id] });
  }
}
