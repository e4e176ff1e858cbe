/**
 * A lead's WhatsApp conversation as the API returns it (docs/whatsapp.md): messages from the Cloud
 * API and from chats exported from the phone, the 24-hour customer-service window, and who may reply.
 */
import { z } from 'zod';
import { type Actor, can, isInStatusReach, type LeadOwnership } from '../permissions.js';
import { chatAttachmentSchema } from '../schemas/chat.js';
import { idSchema } from '../schemas/common.js';

export const WHATSAPP_MESSAGE_KINDS = [
  'text',
  'image',
  'document',
  'audio',
  'video',
  'sticker',
  'location',
  'contacts',
  'reaction',
  'template',
  'system',
  'unsupported',
] as const;
export type WhatsAppKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

export const WHATSAPP_STATUSES = ['received', 'pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * How far an outbound message has gone: a status update only ever raises it, so a 'delivered' that
 * Meta sends after the 'read' leaves it read. 'failed' stands above them all (Meta reports a failure
 * after 'sent' when delivery is given up); the database applies the same ranks (whatsapp repository).
 */
export const WHATSAPP_STATUS_RANK: Record<WhatsAppStatus, number> = {
  received: 0,
  pending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

/** Meta's customer-service window: free-form replies within 24 hours of the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Until when free-form replies are allowed; null when the customer never wrote (only templates). */
export function whatsappWindowEnd(lastInboundAt: Date | null): Date | null {
  return lastInboundAt && new Date(lastInboundAt.getTime() + WHATSAPP_WINDOW_MS);
}

export function isWhatsAppWindowOpen(lastInboundAt: Date | null, now: Date = new Date()): boolean {
  const end = whatsappWindowEnd(lastInboundAt);
  return end !== null && end.getTime() > now.getTime();
}

/**
 * Who may write to a lead on WhatsApp: admins and managers on any lead, a Vendedor on the leads he
 * may work, the same ones whose status he may move (assigned to him, or unassigned and contacted by him).
 */
export function canReplyOnWhatsApp(actor: Actor, lead: LeadOwnership): boolean {
  return can(actor, 'lead.manage') || isInStatusReach({ kind: 'owned', userId: actor.id }, lead);
}

export const WHATSAPP_MESSAGES = {
  notConfigured: 'WhatsApp no está configurado: un administrador debe conectarlo en Configuración → WhatsApp',
  notYours: 'Solo puedes escribir por WhatsApp a tus leads (los asignados a ti, o sin asignar que contactaste tú)',
  noPhone: 'El lead no tiene un teléfono válido para WhatsApp',
  windowClosed: 'Pasaron más de 24 horas desde el último mensaje del cliente: solo puedes enviar una plantilla aprobada',
  templateNotFound: 'Plantilla no encontrada o no aprobada',
  templateVariables: 'Completa todas las variables de la plantilla',
  empty: 'Escribe un mensaje o adjunta un archivo',
  tooLong: 'El mensaje no puede superar 4096 caracteres',
  sendFailed: 'WhatsApp no aceptó el mensaje',
  badSignature: 'Firma no válida',
  badVerifyToken: 'Token de verificación incorrecto',
} as const;

const userRefSchema = z.object({ id: z.number(), firstName: z.string().nullable(), lastName: z.string().nullable() });

export const whatsappMessageSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  direction: z.enum(['inbound', 'outbound']),
  origin: z.enum(['cloud', 'export']),
  kind: z.enum(WHATSAPP_MESSAGE_KINDS),
  body: z.string().nullable(),
  /** What the kind needs besides the text: a location's coordinates, shared contacts, the reacted message, a template. */
  details: z.record(z.string(), z.unknown()),
  attachment: chatAttachmentSchema.nullable(),
  authorName: z.string().nullable(),
  sentBy: userRefSchema.nullable(),
  status: z.enum(WHATSAPP_STATUSES),
  failureReason: z.string().nullable(),
  sentAt: z.date(),
});
export type WhatsAppMessage = z.infer<typeof whatsappMessageSchema>;

export const whatsappConversationStateSchema = z.object({
  waId: z.string().nullable(),
  lastMessageAt: z.date(),
  lastInboundAt: z.date().nullable(),
  unreadCount: z.number().int().min(0),
});
export type WhatsAppConversationState = z.infer<typeof whatsappConversationStateSchema>;

/** One page of a lead's conversation, oldest first; `before` (a message id) reads further back. */
export const whatsappConversationQuerySchema = z.object({
  leadId: idSchema,
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WhatsAppConversationQuery = z.infer<typeof whatsappConversationQuerySchema>;

export const whatsappConversationSchema = z.object({
  conversation: whatsappConversationStateSchema.nullable(),
  messages: z.array(whatsappMessageSchema),
  /** Older messages exist before the first one. */
  hasMore: z.boolean(),
  /** The viewer may write on this lead (the window and the connection decide what). */
  canReply: z.boolean(),
  /** The Cloud API is connected ('Configuración → WhatsApp'): without it nothing can be sent. */
  connected: z.boolean(),
});
export type WhatsAppConversation = z.infer<typeof whatsappConversationSchema>;
