/**
 * The chat (docs/rest-api.md, 'Chat'; tRPC `chat.*`): conversations with one colleague and
 * channels, read marks, typing and viewing reports, search, attachments (REST only: multipart and
 * a download). Sends are paced in memory before the session is read (`pace`): a socket's own
 * allowance over tRPC, the session's over HTTP. The live feed is `live.onEvent`; `chat.onEvent`
 * is its old name, declared here as well.
 */
import {
  CHAT_ATTACHMENT_LIMITS,
  channelMessageBodySchema,
  channelMessagesQuerySchema,
  chatAttachmentSchema,
  chatChannelMemberSchema,
  chatChannelSchema,
  chatContactSchema,
  chatMessageSchema,
  chatViewingSchema,
  createChannelSchema,
  idSchema,
  sendMessageSchema,
  text,
  typingTargetSchema,
  updateChannelSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, type Pace, endpoint, subscription } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { refuseSessionFlood, sessionFrameGate } from '../../live/frame-gate.js';
import { LIVE_FEED_INPUT, liveFeedProcedure } from '../../live/live.router.js';
import { chatSendGate } from '../../trpc/socket-gates.js';
import { readFilePart, sendAttachment } from './attachments.http.js';
import { downloadAttachment, uploadAttachment } from './attachments.service.js';
import {
  channelMembers,
  createChannel,
  listChannelMessagesFor,
  listChannels,
  markChannelRead,
  searchConversation,
  updateChannel,
} from './channels.service.js';
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
import { announceTyping } from './typing.service.js';
import { reportViewing } from './viewing.service.js';

/** Room for the multipart boundaries around the 10 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const sendPace: Pace = {
  trpc: chatSendGate,
  refuse: refuseSessionFlood,
  run: (ctx, call) => sessionFrameGate(ctx.viewer.sessionId, ctx.env.CHAT_RATE_PER_10S).run(call),
};

const userIdSchema = z.object({ userId: idSchema });
const channelIdSchema = z.object({ channelId: idSchema });
const readMarkSchema = z.object({ messageIds: z.array(idSchema) });

export const chatEndpoints = [
  endpoint({
    name: 'chat.contacts',
    summary: 'Compañeros con los que se ha hablado, con el último mensaje y los no leídos',
    permission: 'chat.use',
    input: NO_INPUT,
    output: z.array(chatContactSchema),
    rest: { method: 'GET', path: '/api/chat/contacts' },
    trpc: 'query',
    handler: ({ ctx }) => listContacts(ctx),
  }),
  endpoint({
    name: 'chat.availableUsers',
    summary: 'Compañeros a los que se puede escribir',
    permission: 'chat.use',
    input: NO_INPUT,
    output: z.array(chatContactSchema),
    rest: { method: 'GET', path: '/api/chat/available-users' },
    trpc: 'query',
    handler: ({ ctx }) => listAvailableUsers(ctx),
  }),
  endpoint({
    name: 'chat.unreadTotal',
    summary: 'Mensajes sin leer en total',
    permission: 'chat.use',
    input: NO_INPUT,
    output: z.number().int(),
    trpc: 'query',
    handler: ({ ctx }) => unreadTotal(ctx),
  }),
  endpoint({
    name: 'chat.onlineUserIds',
    summary: 'Quién está conectado',
    permission: 'chat.use',
    input: NO_INPUT,
    output: z.array(z.number().int()),
    trpc: 'query',
    handler: ({ ctx }) => onlineUserIds(ctx),
  }),
  endpoint({
    name: 'chat.messages',
    summary: 'La conversación con un compañero',
    permission: 'chat.use',
    input: userIdSchema,
    output: z.array(chatMessageSchema),
    rest: { method: 'GET', path: '/api/chat/messages/:userId' },
    trpc: 'query',
    handler: ({ ctx, input }) => listMessages(ctx, input.userId),
  }),
  endpoint({
    name: 'chat.send',
    summary: 'Envía un mensaje a un compañero (`receiverId`) o a un canal (`channelId`)',
    description: 'Texto, un adjunto subido (`attachmentId`, una vez) o un lead compartido (`leadId`); 429 pasado el ritmo permitido.',
    permission: 'chat.use',
    input: sendMessageSchema,
    output: chatMessageSchema,
    rest: { method: 'POST', path: '/api/chat/messages', status: 201 },
    trpc: 'mutation',
    pace: sendPace,
    handler: ({ ctx, input }) => sendMessage(ctx, input),
  }),
  endpoint({
    name: 'chat.markRead',
    summary: 'Marca como leído un mensaje recibido (y los anteriores de esa conversación)',
    permission: 'chat.use',
    input: z.object({ messageId: idSchema }),
    output: readMarkSchema,
    rest: { method: 'POST', path: '/api/chat/messages/:messageId/read' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => markRead(ctx, input.messageId),
  }),
  endpoint({
    name: 'chat.markConversationRead',
    summary: 'Marca como leída la conversación con un compañero',
    permission: 'chat.use',
    input: userIdSchema,
    output: readMarkSchema,
    trpc: 'mutation',
    handler: ({ ctx, input }) => markConversationRead(ctx, input.userId),
  }),
  endpoint({
    name: 'chat.typing',
    summary: 'Avisa de que se está escribiendo a un compañero o a un canal',
    permission: 'chat.use',
    input: typingTargetSchema,
    output: z.object({ sent: z.boolean() }),
    trpc: 'mutation',
    handler: ({ ctx, input }) => announceTyping(ctx, input),
  }),
  endpoint({
    name: 'chat.viewing',
    summary: 'Qué conversación muestra una pestaña abierta',
    permission: 'chat.use',
    input: chatViewingSchema,
    output: z.object({ ok: z.literal(true) }),
    trpc: 'mutation',
    handler: ({ ctx, input }) => reportViewing(ctx, input),
  }),
  endpoint({
    name: 'chat.search',
    summary: 'Busca un texto en una conversación o un canal',
    permission: 'chat.use',
    input: z.object({ channelId: idSchema.optional(), userId: idSchema.optional(), text: text().max(200) }),
    output: z.array(chatMessageSchema),
    trpc: 'query',
    handler: ({ ctx, input }) =>
      searchConversation(ctx, input.channelId !== undefined ? { channelId: input.channelId } : { userId: input.userId ?? 0 }, input.text),
  }),
  endpoint({
    name: 'chat.channels',
    summary: 'Los canales propios',
    permission: 'chat.use',
    input: NO_INPUT,
    output: z.array(chatChannelSchema),
    rest: { method: 'GET', path: '/api/chat/channels' },
    trpc: 'query',
    handler: ({ ctx }) => listChannels(ctx),
  }),
  endpoint({
    name: 'chat.createChannel',
    summary: 'Crea un grupo',
    permission: 'chat.use',
    input: createChannelSchema,
    output: chatChannelSchema,
    rest: { method: 'POST', path: '/api/chat/channels', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createChannel(ctx, input),
  }),
  endpoint({
    name: 'chat.updateChannel',
    summary: 'Cambia el nombre o los miembros de un grupo',
    description: 'Quien lo creó o un administrador; los canales automáticos no se editan.',
    permission: 'chat.use',
    input: updateChannelSchema.extend({ channelId: idSchema }),
    output: chatChannelSchema,
    rest: { method: 'PUT', path: '/api/chat/channels/:channelId' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateChannel(ctx, input.channelId, input),
  }),
  endpoint({
    name: 'chat.channelMembers',
    summary: 'Los miembros de un canal propio',
    permission: 'chat.use',
    input: channelIdSchema,
    output: z.array(chatChannelMemberSchema),
    rest: { method: 'GET', path: '/api/chat/channels/:channelId/members' },
    trpc: 'query',
    handler: ({ ctx, input }) => channelMembers(ctx, input.channelId),
  }),
  endpoint({
    name: 'chat.channelMessages',
    summary: 'Los mensajes de un canal propio, los más recientes',
    description: '`before`: los anteriores a ese mensaje; `limit` 1–200 (50 por defecto).',
    permission: 'chat.use',
    input: channelMessagesQuerySchema.extend({ channelId: idSchema }),
    output: z.array(chatMessageSchema),
    rest: { method: 'GET', path: '/api/chat/channels/:channelId/messages' },
    trpc: 'query',
    handler: ({ ctx, input }) => listChannelMessagesFor(ctx, input.channelId, input),
  }),
  endpoint({
    name: 'chat.sendToChannel',
    summary: 'Envía un mensaje a un canal propio',
    description: 'Como `POST /api/chat/messages` con `channelId`.',
    permission: 'chat.use',
    input: channelMessageBodySchema.safeExtend({ channelId: idSchema }),
    output: chatMessageSchema,
    rest: { method: 'POST', path: '/api/chat/channels/:channelId/messages', status: 201 },
    pace: sendPace,
    handler: ({ ctx, input }) => sendMessage(ctx, input),
  }),
  endpoint({
    name: 'chat.markChannelRead',
    summary: 'Marca como leído un canal propio',
    permission: 'chat.use',
    input: channelIdSchema,
    output: z.object({ upToId: idSchema.nullable() }),
    rest: { method: 'POST', path: '/api/chat/channels/:channelId/read' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => markChannelRead(ctx, input.channelId),
  }),
  endpoint({
    name: 'chat.uploadAttachment',
    summary: 'Sube un archivo para enviarlo en un mensaje',
    description:
      'Multipart con una parte de archivo `file`, como mucho 10 MB; las imágenes se comprueban y se guardan en WebP. Sin enviar en un día, se borra.',
    permission: 'chat.use',
    input: z.object({ bytes: z.instanceof(Buffer), fileName: z.string() }),
    output: chatAttachmentSchema,
    rest: {
      method: 'POST',
      path: '/api/chat/attachments',
      status: 201,
      bodyLimit: () => CHAT_ATTACHMENT_LIMITS.maxBytes + MULTIPART_OVERHEAD,
      upload: { form: z.object({ file: z.file() }), read: ({ request }) => readFilePart(request) },
    },
    handler: ({ ctx, input }) => uploadAttachment(ctx, input),
  }),
  endpoint({
    name: 'chat.attachment',
    summary: 'Descarga un adjunto',
    description: 'Quien lo subió y, una vez enviado, los de esa conversación; siempre como descarga.',
    permission: 'chat.use',
    input: z.object({ id: idSchema }),
    output: z.object({ attachment: chatAttachmentSchema, chunks: z.custom<AsyncIterable<Uint8Array>>() }),
    rest: { method: 'GET', path: '/api/chat/attachments/:id', produces: 'application/octet-stream', send: sendAttachment },
    handler: ({ ctx, input }) => downloadAttachment(ctx, input.id),
  }),
] as const;

const chatOnEvent = subscription({
  name: 'chat.onEvent',
  summary: 'El canal en vivo, con su nombre antiguo (igual que live.onEvent)',
  permission: 'authenticated',
  input: LIVE_FEED_INPUT,
  procedure: liveFeedProcedure,
});

export const chatSubscriptions = [chatOnEvent] as const;

export const chatRouter = routerOf([...chatEndpoints, ...chatSubscriptions]);
