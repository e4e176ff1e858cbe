/**
 * WhatsApp on the lead (docs/whatsapp.md; tRPC `whatsapp.*`): a lead's conversation, read by whoever
 * reads the lead and written by who may work it; the team inbox; the admin's Cloud API connection
 * and templates; and Meta's webhook (public, REST only, signed).
 */
import {
  idSchema,
  sendWhatsAppSchema,
  updateWhatsAppSettingsSchema,
  whatsappConnectionTestSchema,
  whatsappConversationQuerySchema,
  whatsappConversationSchema,
  whatsappInboxItemSchema,
  whatsappInboxQuerySchema,
  whatsappMessageSchema,
  whatsappSettingsSchema,
  whatsappTemplateSchema,
  whatsappUnreadSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { markConversationRead, readConversation } from './conversation.service.js';
import { listInbox, unreadConversations } from './inbox.service.js';
import { sendWhatsApp } from './send.service.js';
import { getWhatsAppSettings, renewVerifyToken, saveWhatsAppSettings, testConnection } from './settings.service.js';
import { approvedTemplates, syncTemplates } from './templates.service.js';
import { webhookPayloadSchema } from './webhook-payload.js';
import { acceptDelivery, admitSignedDelivery, answerHandshake, verifyQuerySchema } from './webhook.service.js';

const leadInputSchema = z.object({ leadId: idSchema });

export const whatsappEndpoints = [
  endpoint({
    name: 'whatsapp.conversation',
    summary: 'La conversación de WhatsApp de un lead, los mensajes más antiguos primero',
    description:
      'Los `limit` mensajes (50 por defecto, hasta 200) anteriores al mensaje `before`, o los últimos sin él; `hasMore` si quedan más antiguos.',
    permission: 'lead.read',
    input: whatsappConversationQuerySchema,
    output: whatsappConversationSchema,
    rest: { method: 'GET', path: '/api/leads/:leadId/whatsapp' },
    trpc: 'query',
    handler: ({ ctx, input }) => readConversation(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.markRead',
    summary: 'Marca leída la conversación de WhatsApp de un lead',
    permission: 'lead.read',
    input: leadInputSchema,
    output: leadInputSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/whatsapp/read' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => markConversationRead(ctx, input.leadId),
  }),
  endpoint({
    name: 'whatsapp.send',
    summary: 'Envía un mensaje de WhatsApp al lead',
    description:
      'Texto (hasta 4096 caracteres) y/o un archivo subido antes (`attachmentId`, POST /api/chat/attachments) dentro de las 24 horas desde el último mensaje del cliente; fuera de ellas solo una plantilla aprobada (`template`: nombre, idioma y variables). Un Vendedor solo en sus leads (403). Si WhatsApp lo rechaza, el mensaje vuelve con `status: failed` y el motivo.',
    permission: 'lead.read',
    input: sendWhatsAppSchema,
    output: whatsappMessageSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/whatsapp/messages', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => sendWhatsApp(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.inbox',
    summary: 'Las conversaciones de WhatsApp del equipo, primero las que tienen mensajes sin leer',
    description: '`filter=mias`: solo las de los leads asignados a quien llama.',
    permission: 'lead.read',
    input: whatsappInboxQuerySchema,
    output: z.array(whatsappInboxItemSchema),
    rest: { method: 'GET', path: '/api/whatsapp/inbox' },
    trpc: 'query',
    handler: ({ ctx, input }) => listInbox(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.unread',
    summary: 'Cuántas conversaciones de WhatsApp tienen mensajes sin leer',
    description: 'Un Vendedor cuenta las de sus leads; los demás, las de todo el equipo.',
    permission: 'lead.read',
    input: NO_INPUT,
    output: whatsappUnreadSchema,
    rest: { method: 'GET', path: '/api/whatsapp/unread' },
    trpc: 'query',
    handler: ({ ctx }) => unreadConversations(ctx),
  }),
  endpoint({
    name: 'whatsapp.templates',
    summary: 'Las plantillas de WhatsApp aprobadas',
    permission: 'lead.read',
    input: NO_INPUT,
    output: z.array(whatsappTemplateSchema),
    rest: { method: 'GET', path: '/api/whatsapp/templates' },
    trpc: 'query',
    handler: ({ ctx }) => approvedTemplates(ctx),
  }),
  endpoint({
    name: 'whatsapp.syncTemplates',
    summary: 'Trae de Meta las plantillas de la cuenta de WhatsApp Business',
    permission: 'settings.manage',
    audit: true,
    input: NO_INPUT,
    output: z.array(whatsappTemplateSchema),
    rest: { method: 'POST', path: '/api/whatsapp/templates/sync' },
    trpc: 'mutation',
    handler: ({ ctx }) => syncTemplates(ctx),
  }),
  endpoint({
    name: 'whatsapp.settings',
    summary: 'La conexión con WhatsApp Business (Cloud API)',
    description: 'El token de acceso y el secreto de la app nunca se devuelven: solo si están guardados.',
    permission: 'settings.manage',
    input: NO_INPUT,
    output: whatsappSettingsSchema,
    rest: { method: 'GET', path: '/api/whatsapp/settings' },
    trpc: 'query',
    handler: ({ ctx }) => getWhatsAppSettings(ctx),
  }),
  endpoint({
    name: 'whatsapp.saveSettings',
    summary: 'Guarda la conexión con WhatsApp Business',
    description:
      'Un `accessToken` o `appSecret` ausente o vacío conserva el guardado. Se guardan cifrados (AES-256-GCM) con una clave que no está en la base de datos.',
    permission: 'settings.manage',
    audit: true,
    input: updateWhatsAppSettingsSchema,
    output: whatsappSettingsSchema,
    rest: { method: 'PUT', path: '/api/whatsapp/settings' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => saveWhatsAppSettings(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.renewVerifyToken',
    summary: 'Genera un nuevo token de verificación del webhook',
    permission: 'settings.manage',
    audit: true,
    input: NO_INPUT,
    output: whatsappSettingsSchema,
    rest: { method: 'POST', path: '/api/whatsapp/settings/verify-token' },
    trpc: 'mutation',
    handler: ({ ctx }) => renewVerifyToken(ctx),
  }),
  endpoint({
    name: 'whatsapp.testConnection',
    summary: 'Prueba la conexión: lee los datos del número en la API de WhatsApp',
    permission: 'settings.manage',
    input: NO_INPUT,
    output: whatsappConnectionTestSchema,
    rest: { method: 'POST', path: '/api/whatsapp/settings/test' },
    trpc: 'mutation',
    handler: ({ ctx }) => testConnection(ctx),
  }),
  endpoint({
    name: 'whatsapp.verifyWebhook',
    summary: 'Verificación del webhook por Meta (hub.mode, hub.verify_token, hub.challenge)',
    description: 'Devuelve `hub.challenge` en texto plano si el token es el de Configuración → WhatsApp; si no, 403.',
    permission: 'public',
    input: verifyQuerySchema,
    output: z.string(),
    rest: {
      method: 'GET',
      path: '/api/whatsapp/webhook',
      produces: 'text/plain',
      send: (reply, challenge) => reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(challenge),
    },
    handler: ({ ctx, input }) => answerHandshake(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.webhook',
    summary: 'Notificaciones de WhatsApp (mensajes y estados) enviadas por Meta',
    description:
      'Firmadas con `X-Hub-Signature-256` (HMAC-SHA256 del cuerpo tal cual con el secreto de la app): sin firma o con una incorrecta, 401 y nada cambia. Se responde enseguida y se procesan en la cola de trabajos; un reintento de Meta no duplica nada.',
    permission: 'public',
    input: webhookPayloadSchema,
    output: z.object({ received: z.literal(true) }),
    rest: { method: 'POST', path: '/api/whatsapp/webhook', admit: ({ ctx, request }) => admitSignedDelivery(ctx, request) },
    handler: ({ ctx, input }) => acceptDelivery(ctx, input),
  }),
] as const;

export const whatsappRouter = routerOf(whatsappEndpoints);
