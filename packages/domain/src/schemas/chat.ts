/** Chat messages, contacts, the send input, the /ws frames and the chat limits (docs/live-protocol.md). */
import { z } from 'zod';
import { idSchema, text } from './common.js';
import { systemRoleSchema } from './user.js';

export const CHAT_LIMITS = {
  maxMessageLength: 4000,
  /** A frame larger than this is refused before it is parsed. */
  maxFrameBytes: 65_536,
  /** Per sender, across REST, tRPC and /ws alike. */
  rate: { messages: 20, windowMs: 10_000 },
  reconnectDelayMs: 3000,
  /** A close with this code is deliberate (logout), so the client does not reconnect. */
  normalCloseCode: 1000,
} as const;

export const CHAT_MESSAGES = {
  empty: 'El mensaje no puede estar vacío',
  tooLong: `El mensaje no puede superar ${CHAT_LIMITS.maxMessageLength} caracteres`,
  badFrame: 'Mensaje no válido',
  rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
} as const;

export const chatMessageSchema = z.object({
  id: z.number(),
  senderId: z.number(),
  receiverId: z.number(),
  message: z.string(),
  createdAt: z.date(),
  isRead: z.boolean(),
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

/** Trimmed first, so whitespace-only text counts as empty; 1 to 4000 characters are stored. */
export const chatTextSchema = text({ message: CHAT_MESSAGES.empty })
  .trim()
  .min(1, { message: CHAT_MESSAGES.empty })
  .max(CHAT_LIMITS.maxMessageLength, { message: CHAT_MESSAGES.tooLong });

export const sendMessageSchema = z.object({
  receiverId: idSchema,
  message: chatTextSchema,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** What a client sends on /ws. */
export const wsClientFrameSchema = z.object({
  type: z.literal('chat'),
  receiverId: idSchema,
  content: chatTextSchema,
});
export type WsClientFrame = z.input<typeof wsClientFrameSchema>;

/** What /ws sends; dates travel as ISO strings and are read back into Dates. */
export const wsServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), message: chatMessageSchema.extend({ createdAt: z.coerce.date() }) }),
  z.object({ type: z.literal('read'), messageIds: z.array(z.number()), readerId: z.number() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WsServerFrame = z.output<typeof wsServerFrameSchema>;

/** The unread badge: hidden at 0, the count up to 9, then '9+'. */
export function formatUnreadBadge(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The contact row's preview: own messages are prefixed 'Tú: '. */
export function chatPreview(lastMessage: { message: string; senderId: number }, viewerId: number): string {
  return lastMessage.senderId === viewerId ? `Tú: ${lastMessage.message}` : lastMessage.message;
}
