/** 'Configuración → WhatsApp' (docs/whatsapp.md): the Cloud API connection, its templates and the team inbox. */
import { z } from 'zod';
import { idSchema } from '../schemas/common.js';

/** Meta's Graph API, and the version the product was written against (a setting: a newer one can be chosen). */
export const WHATSAPP_GRAPH_DEFAULTS = { baseUrl: 'https://graph.facebook.com', version: 'v24.0' } as const;

const graphId = z
  .string()
  .trim()
  .regex(/^\d{1,30}$/, { message: 'Debe ser el identificador numérico que muestra Meta' });

/** What the screen shows: the secrets only as whether they are set. */
export const whatsappSettingsSchema = z.object({
  phoneNumberId: z.string().nullable(),
  businessAccountId: z.string().nullable(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  verifyToken: z.string(),
  graphBaseUrl: z.string(),
  graphVersion: z.string(),
  distributionRoleId: z.number().nullable(),
  /** Every field Meta needs is set: messages can be received and sent. */
  configured: z.boolean(),
});
export type WhatsAppSettings = z.infer<typeof whatsappSettingsSchema>;

/** A save: a secret left out (or empty) keeps the stored one. */
export const updateWhatsAppSettingsSchema = z.object({
  phoneNumberId: graphId.nullable(),
  businessAccountId: graphId.nullable(),
  accessToken: z.string().trim().max(2000).optional(),
  appSecret: z.string().trim().max(200).optional(),
  graphBaseUrl: z
    .string()
    .trim()
    .url({ message: 'Dirección no válida' })
    .regex(/^https?:\/\//, { message: 'Debe empezar por https://' })
    .transform((url) => url.replace(/\/+$/, '')),
  graphVersion: z
    .string()
    .trim()
    .regex(/^v\d{1,3}\.\d{1,3}$/, { message: 'Una versión como v24.0' }),
  distributionRoleId: idSchema.nullable(),
});
export type UpdateWhatsAppSettings = z.infer<typeof updateWhatsAppSettingsSchema>;

/** 'Probar conexión': the number as Meta describes it. */
export const whatsappConnectionTestSchema = z.object({
  displayPhoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable(),
});
export type WhatsAppConnectionTest = z.infer<typeof whatsappConnectionTestSchema>;

export const whatsappTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  /** The body's text with its {{1}}, {{2}}… placeholders. */
  body: z.string(),
  /** How many variables the body has. */
  variableCount: z.number().int().min(0),
});
export type WhatsAppTemplate = z.infer<typeof whatsappTemplateSchema>;

/** The body text of a template's components (Meta's `components[]` with `type: 'BODY'`). */
export function templateBodyText(components: unknown): string {
  if (!Array.isArray(components)) return '';
  const body = components.find(
    (component): component is { type: string; text?: unknown } =>
      typeof component === 'object' && component !== null && (component as { type?: unknown }).type === 'BODY',
  );
  return typeof body?.text === 'string' ? body.text : '';
}

/** The highest {{n}} of a body: the variables a send must fill. */
export function templateVariableCount(body: string): number {
  return Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])));
}

/** The body as the customer reads it, each {{n}} replaced by the n-th variable. */
export function fillTemplate(body: string, variables: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, index: string) => variables[Number(index) - 1] ?? placeholder);
}

/** A template's first variables filled from the lead, as the send dialog proposes them (the seller may change them). */
export function templateVariablesFromLead(count: number, lead: { name: string }, sellerName: string): string[] {
  const proposals = [lead.name, sellerName];
  return Array.from({ length: count }, (_, index) => proposals[index] ?? '');
}

export const sendWhatsAppSchema = z
  .object({
    leadId: idSchema,
    text: z.string().trim().max(4096, { message: 'El mensaje no puede superar 4096 caracteres' }).default(''),
    /** A file uploaded first as a chat attachment (POST /api/chat/attachments). */
    attachmentId: idSchema.optional(),
    template: z
      .object({
        name: z.string().min(1).max(512),
        language: z.string().min(1).max(20),
        variables: z.array(z.string().trim().min(1, { message: 'Completa todas las variables de la plantilla' }).max(1024)).max(20),
      })
      .optional(),
  })
  .refine((input) => input.text.length > 0 || input.attachmentId !== undefined || input.template !== undefined, {
    message: 'Escribe un mensaje o adjunta un archivo',
    path: ['text'],
  });
export type SendWhatsApp = z.infer<typeof sendWhatsAppSchema>;

export const whatsappInboxQuerySchema = z.object({
  /** 'mias': only the viewer's leads. */
  filter: z.enum(['todas', 'mias']).default('todas'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type WhatsAppInboxQuery = z.infer<typeof whatsappInboxQuerySchema>;

export const whatsappInboxItemSchema = z.object({
  leadId: z.number(),
  leadName: z.string(),
  assignee: z.object({ id: z.number(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  lastMessageAt: z.date(),
  lastInboundAt: z.date().nullable(),
  unreadCount: z.number().int().min(0),
  preview: z.string(),
  lastDirection: z.enum(['inbound', 'outbound']).nullable(),
});
export type WhatsAppInboxItem = z.infer<typeof whatsappInboxItemSchema>;

/** The sidebar's 'Sin leer' badge: conversations with unread messages (the viewer's own with 'mias'). */
export const whatsappUnreadSchema = z.object({ conversations: z.number().int().min(0) });
