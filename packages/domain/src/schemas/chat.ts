/** Chat messages, contacts, the send input and the /ws frames (docs/live-protocol.md); the limits are in transport.ts. */
import { z } from 'zod';
import { CHAT_LIMITS } from '../transport.js';
import { idSchema, text } from './common.js';
import { systemRoleSchema } from './user.js';

export const CHAT_MESSAGES = {
  empty: 'El mensaje no puede estar vacío',
  tooLong: `El mensaje no puede superar ${CHAT_LIMITS.maxMessageLength} caracteres`,
  badFrame: 'Mensaje no válido',
  rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
} as const;

/** A file sent in a conversation, as its messages carry it (the bytes are downloaded by `url`). */
export const chatAttachmentSchema = z.object({
  id: z.number(),
  kind: z.enum(['image', 'document', 'audio', 'video']),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** A lead shared in a conversation: the card opens /leads/:id. */
export const chatSharedLeadSchema = z.object({ id: z.number(), name: z.string() });
export type ChatSharedLead = z.infer<typeof chatSharedLeadSchema>;

/** A one-to-one message has a receiver and no channel; a channel message a channel and no receiver. */
export const chatMessageSchema = z.object({
  id: z.number(),
  senderId: z.number(),
  receiverId: z.number().nullable(),
  channelId: z.number().nullable(),
  message: z.string(),
  createdAt: z.date(),
  isRead: z.boolean(),
  attachment: chatAttachmentSchema.nullable(),
  lead: chatSharedLeadSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatContactSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  role: systemRoleSchema,
  lastMessage: z
    .object({
      message: z.string(),
      senderId: z.number(),
      createdAt: z.date(),
    })
    .nullable(),
  unreadCount: z.number().int().min(0),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const CHAT_TARGET_MESSAGE = 'Indica un destinatario o un canal, no ambos';

/** The message text beside an attachment or a shared lead may be empty; alone it may not. */
const chatBody = {
  message: text({ message: CHAT_MESSAGES.empty }).trim().max(CHAT_LIMITS.maxMessageLength, { message: CHAT_MESSAGES.tooLong }).default(''),
  attachmentId: idSchema.optional(),
  leadId: idSchema.optional(),
};

function hasContent(body: { message: string; attachmentId?: number | undefined; leadId?: number | undefined }): boolean {
  return body.message.length > 0 || body.attachmentId !== undefined || body.leadId !== undefined;
}

/** A message to one colleague (`receiverId`, as the spec documents) or to a channel (`channelId`). */
export const sendMessageSchema = z
  .object({ receiverId: idSchema.optional(), channelId: idSchema.optional(), ...chatBody })
  .refine((input) => (input.receiverId === undefined) !== (input.channelId === undefined), { message: CHAT_TARGET_MESSAGE })
  .refine(hasContent, { message: CHAT_MESSAGES.empty, path: ['message'] });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** POST /api/chat/channels/{id}/messages: the channel comes from the path. */
export const channelMessageBodySchema = z.object(chatBody).refine(hasContent, { message: CHAT_MESSAGES.empty, path: ['message'] });

/** Whom a typing indicator is for: one colleague or a channel. */
export const typingTargetSchema = z
  .object({ receiverId: idSchema.optional(), channelId: idSchema.optional() })
  .refine((input) => (input.receiverId === undefined) !== (input.channelId === undefined), { message: CHAT_TARGET_MESSAGE });
export type TypingTarget = z.output<typeof typingTargetSchema>;

/**
 * What an open tab shows in the chat (`tabId`, the tab's own random id): a colleague's conversation
 * (`userId`), a channel (`channelId`), or neither (closed, hidden, another page).
 */
export const chatViewingSchema = z
  .object({ tabId: z.uuid(), userId: idSchema.optional(), channelId: idSchema.optional() })
  .refine((input) => input.userId === undefined || input.channelId === undefined, { message: CHAT_TARGET_MESSAGE });
export type ChatViewing = z.output<typeof chatViewingSchema>;
/** How often a tab showing a conversation reports it; the server counts a report for a little over two of these. */
export const CHAT_VIEWING_REPORT_MS = 30_000;

/** What a client sends on /ws: a message (to `receiverId` or `channelId`), or that its user is typing. */
export const wsClientFrameSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('chat'),
      receiverId: idSchema.optional(),
      channelId: idSchema.optional(),
      content: chatBody.message,
      attachmentId: idSchema.optional(),
      leadId: idSchema.optional(),
    })
    .refine((input) => (input.receiverId === undefined) !== (input.channelId === undefined), { message: CHAT_MESSAGES.badFrame })
    .refine((frame) => hasContent({ ...frame, message: frame.content }), { message: CHAT_MESSAGES.empty }),
  z
    .object({ type: z.literal('typing'), receiverId: idSchema.optional(), channelId: idSchema.optional() })
    .refine((input) => (input.receiverId === undefined) !== (input.channelId === undefined), { message: CHAT_MESSAGES.badFrame }),
]);
export type WsClientFrame = z.input<typeof wsClientFrameSchema>;

/** Someone is writing: to the receiver of a one-to-one conversation, or to a channel's other members. */
export const typingEventSchema = z.object({
  type: z.literal('typing'),
  userId: z.number(),
  receiverId: z.number().optional(),
  channelId: z.number().optional(),
});

/** What /ws sends; dates travel as ISO strings and are read back into Dates. */
export const wsServerFrameSchema = z.union([
  z.object({ type: z.literal('chat'), message: chatMessageSchema.extend({ createdAt: z.coerce.date() }) }),
  z.object({ type: z.literal('read'), messageIds: z.array(z.number()), readerId: z.number() }),
  z.object({ type: z.literal('read'), channelId: z.number(), readerId: z.number(), upToId: z.number() }),
  typingEventSchema,
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WsServerFrame = z.output<typeof wsServerFrameSchema>;
