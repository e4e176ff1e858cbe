/** Team chat (docs/live-protocol.md): everyone chats, reading only their own conversations and channels; the same calls serve tRPC, REST and /ws. */
import {
  asTemplateText,
  type ChatTarget,
  countUnreadChannelMessages,
  countUnreadMessages,
  EVERY_LEAD,
  findChatMessagesByIds,
  findUserById,
  isApiTokenValid,
  isChannelMember,
  insertChatMessageWithinRate,
  isMessageReceivedBy,
  listChatCandidates,
  listChatContacts,
  listConversation,
  listOnlineUserIds,
  listValidSessionIds,
  markMessagesRead,
} from '@crm/db';
import {
  CHANNEL_MESSAGES,
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
import { refuseLate } from '../../http/late-refusal.js';
import { publishLive, publishLiveEach } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { actorName } from '../activities/activities.service.js';
import { Notifier } from '../notifications/notifier.js';
import { readConversationNotifications } from '../notifications/notifications.service.js';
import { requireShareableLead, requireUnsentAttachment } from './message-extras.js';
import { leadReaderOf, splitBySight } from '../leads/lead-reader.js';

const CHAT_USER_NOT_FOUND = 'Usuario no encontrado';
const CHAT_MESSAGE_NOT_FOUND = 'Mensaje no encontrado';
const CHAT_SELF = 'No puedes enviarte mensajes a ti mismo';

export async function listContacts(ctx: ServiceContext): Promise<ChatContact[]> {
  requirePermission(ctx, 'chat.use');
  return listChatContacts(ctx.db, ctx.viewer.user.id, await leadReaderOf(ctx));
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

/** The sidebar's Chat badge: unread one-to-one messages plus every channel's unread count. */
export async function unreadTotal(ctx: ServiceContext): Promise<number> {
  requirePermission(ctx, 'chat.use');
  const [direct, channels] = await Promise.all([
    countUnreadMessages(ctx.db, ctx.viewer.user.id),
    countUnreadChannelMessages(ctx.db, ctx.viewer.user.id),
  ]);
  return direct + channels;
}

/** The viewer's conversation with `otherId`; only the two of them can ever read it. */
export async function listMessages(ctx: ServiceContext, otherId: number): Promise<ChatMessage[]> {
  requirePermission(ctx, 'chat.use');
  // A deactivated colleague's conversation stays readable; only new messages to them are refused.
  if (!(await findUserById(ctx.db, otherId, { includeDeactivated: true }))) throw new DomainError('NOT_FOUND', CHAT_USER_NOT_FOUND);
  return listConversation(ctx.db, ctx.viewer.user.id, otherId, await leadReaderOf(ctx));
}

/**
 * Stores a message (to a colleague or to a channel the sender belongs to), its activity and its
 * notifications in one statement, under the per-sender rate limit over every conversation (counted
 * in the database, so every replica and protocol shares it) and only while the sender's session
 * lasts (so a /ws socket of an ended session can send nothing), then announces it to the people of
 * the conversation as they are at that moment: someone removed from a channel gets nothing more.
 */
export async function sendMessage(ctx: ServiceContext, input: z.output<typeof sendMessageSchema>): Promise<ChatMessage> {
  requirePermission(ctx, 'chat.use');
  const sender = ctx.viewer.user;
  const target: ChatTarget = input.channelId !== undefined ? { channelId: input.channelId } : { receiverId: input.receiverId ?? 0 };
  if ('receiverId' in target && target.receiverId === sender.id) throw new DomainError('BAD_REQUEST', CHAT_SELF);
  if (input.leadId !== undefined) await requireShareableLead(ctx, input.leadId);
  const notes = new Notifier();
  const notifications = await notes.chatNotifications(ctx.db, sender, target, {
    text: input.message,
    attachment: input.attachmentId !== undefined,
    lead: input.leadId !== undefined,
  });
  const stored = await insertChatMessageWithinRate(ctx.db, {
    senderId: sender.id,
    credential: ctx.viewer.apiToken ? { apiTokenId: ctx.viewer.apiToken.id } : { sessionId: ctx.viewer.sessionId },
    target,
    message: input.message,
    attachmentId: input.attachmentId ?? null,
    leadId: input.leadId ?? null,
    maxPerWindow: ctx.env.CHAT_RATE_PER_10S,
    windowMs: CHAT_LIMITS.rate.windowMs,
    activityDescription: await activityTemplate(ctx, target),
    notifications,
  });
  if (!stored) throw await whyNotStored(ctx, target, input.attachmentId);
  notes.storedElsewhere(stored.notifications);
  const message =
    input.attachmentId === undefined && input.leadId === undefined
      ? stored.message
      : ((await findChatMessagesByIds(ctx.db, [stored.message.id], EVERY_LEAD))[0] ?? stored.message);
  if (message.lead) {
    // The lead card only to those who may see the lead; the others get the message without it.
    const { see, blind } = await splitBySight(ctx, message.lead.id, stored.audience);
    await publishLiveEach(ctx, [
      { event: { type: 'chat', message }, to: { userIds: see } },
      { event: { type: 'chat', message: { ...message, lead: null } }, to: { userIds: blind } },
    ]);
  } else {
    await publishLive(ctx, { type: 'chat', message }, { userIds: stored.audience });
  }
  await notes.publish(ctx);
  return message;
}

/**
 * The activity line, a template the send's statement completes: a channel's name is read by the
 * statement itself (no query before it); a colleague's is read here.
 */
async function activityTemplate(ctx: ServiceContext, target: ChatTarget): Promise<string> {
  const actor = asTemplateText(actorName(ctx));
  if ('channelId' in target) return `${actor} envió un mensaje en %s`;
  const receiver = await findUserById(ctx.db, target.receiverId);
  return `${actor} envió un mensaje a ${asTemplateText(receiver ? displayName(receiver) : 'un compañero')}`;
}

/** Whether the viewer's session, or API token, is still valid. */
async function signedInStill(ctx: ServiceContext): Promise<boolean> {
  const { apiToken, sessionId, user } = ctx.viewer;
  if (apiToken) return isApiTokenValid(ctx.db, apiToken.id, user.id);
  return (await listValidSessionIds(ctx.db, [sessionId])).length > 0;
}

/** The send was refused: say which rule, in the order a caller would want to hear it. */
async function whyNotStored(ctx: ServiceContext, target: ChatTarget, attachmentId: number | undefined): Promise<DomainError> {
  if (!(await signedInStill(ctx))) return new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  if ('receiverId' in target && !(await findUserById(ctx.db, target.receiverId))) return new DomainError('NOT_FOUND', CHAT_USER_NOT_FOUND);
  if ('channelId' in target && !(await isChannelMember(ctx.db, target.channelId, ctx.viewer.user.id))) {
    return new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
  }
  // Throws the attachment's own refusal: someone else's, or already sent.
  if (attachmentId !== undefined) await requireUnsentAttachment(ctx.db, ctx.viewer.user.id, attachmentId);
  // The sender's count over every session and replica, a sliding window: by its length a send has surely left it.
  return refuseLate(CHAT_MESSAGES.rateLimited, Math.ceil(CHAT_LIMITS.rate.windowMs / 1000));
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
  await readConversationNotifications(ctx, ctx.viewer.user.id, { senderId: otherId });
  return { messageIds: changed.map((row) => row.id) };
}

async function announceRead(ctx: ServiceContext, changed: { id: number; senderId: number }[]): Promise<void> {
  const bySender = new Map<number, number[]>();
  for (const row of changed) bySender.set(row.senderId, [...(bySender.get(row.senderId) ?? []), row.id]);
  for (const [senderId, messageIds] of bySender) {
    await publishLive(ctx, { type: 'read', messageIds, readerId: ctx.viewer.user.id }, { userIds: [senderId, ctx.viewer.user.id] });
  }
}
