/**
 * Webhooks (docs/webhooks.md): the endpoints an admin registers, the events they receive and
 * the delivery log, as the API takes and returns them.
 */
import { z } from 'zod';
import { idSchema, text } from './common.js';

/** The events an endpoint may subscribe to, with the labels the 'Webhooks' screen shows. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'lead.assigned',
  'lead.status_changed',
  'lead.deleted',
  'lead.merged',
  'import.finished',
  'follow_up.due',
  'note.created',
  'form.submitted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'lead.created': 'Lead creado',
  'lead.updated': 'Lead editado',
  'lead.assigned': 'Lead asignado',
  'lead.status_changed': 'Cambio de estado de un lead',
  'lead.deleted': 'Lead eliminado',
  'lead.merged': 'Leads fusionados',
  'import.finished': 'Importación terminada',
  'follow_up.due': 'Seguimiento vencido',
  'note.created': 'Nota añadida',
  'form.submitted': 'Formulario enviado',
};

export const WEBHOOK_LIMITS = { url: 2000, description: 500, endpoints: 20, deliveriesPage: 100 } as const;

export const WEBHOOK_MESSAGES = {
  badUrl: 'La URL debe empezar por http:// o https:// y ser una dirección válida',
  privateAddress: 'La URL apunta a una dirección local o privada: los webhooks solo se envían a direcciones públicas',
  noEvents: 'Elige al menos un evento',
  unknownEvent: 'Evento desconocido',
  notFound: 'Webhook no encontrado',
  deliveryNotFound: 'Entrega no encontrada',
  tooMany: `Se admiten como máximo ${WEBHOOK_LIMITS.endpoints} webhooks`,
  pausedAfterFailures: 'Pausado automáticamente: falló durante 24 horas seguidas',
} as const;

/** Only http(s) URLs with a host; where they point (a private address) is checked when sending, after DNS. */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

const urlSchema = text({ message: WEBHOOK_MESSAGES.badUrl })
  .trim()
  .max(WEBHOOK_LIMITS.url, { message: `Máximo ${WEBHOOK_LIMITS.url} caracteres` })
  .refine(isWebhookUrl, { message: WEBHOOK_MESSAGES.badUrl });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: WEBHOOK_MESSAGES.unknownEvent }), { message: WEBHOOK_MESSAGES.noEvents })
  .min(1, { message: WEBHOOK_MESSAGES.noEvents })
  .max(WEBHOOK_EVENTS.length * 2, { message: WEBHOOK_MESSAGES.unknownEvent })
  .transform((events) => [...new Set(events)]);

const descriptionSchema = text()
  .trim()
  .max(WEBHOOK_LIMITS.description, { message: `Máximo ${WEBHOOK_LIMITS.description} caracteres` });

/** POST /api/webhooks. */
export const createWebhookSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.default(''),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.output<typeof createWebhookSchema>;

/** PUT /api/webhooks/{id}: any of the fields; `paused: false` resumes (and retries what waited). */
export const updateWebhookSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  paused: z.boolean({ message: 'paused debe ser true o false' }).optional(),
});
export type UpdateWebhook = z.output<typeof updateWebhookSchema>;

export const webhookIdSchema = z.object({ id: idSchema });
export const webhookUpdateInputSchema = updateWebhookSchema.extend({ id: idSchema });

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  paused: z.boolean(),
  /** Why it is paused: null when paused by hand or running. */
  pausedReason: z.string().nullable(),
  /** Since when every attempt failed; null while deliveries succeed. */
  failingSince: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a create or a rotation: the signing secret, shown this once. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendiente',
  delivered: 'Entregado',
  failed: 'Fallido',
};

export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The `webhook-id` header: the same on every retry and resend, so a receiver can drop repeats. */
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  leadId: z.number().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdAt: z.date(),
  lastAttemptAt: z.date().nullable(),
  nextAttemptAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhooks/{id}/deliveries?status=&before=&limit=: newest first; `before` is the last id of the previous page. */
export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: 'Estado de entrega inválido' }).optional(),
  before: idSchema.optional(),
  limit: z.coerce
    .number({ message: 'Límite inválido' })
    .int({ message: 'Límite inválido' })
    .min(1, { message: 'Límite inválido' })
    .max(WEBHOOK_LIMITS.deliveriesPage, { message: `Máximo ${WEBHOOK_LIMITS.deliveriesPage} por página` })
    .default(50),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;
export const webhookDeliveriesInputSchema = webhookDeliveriesQuerySchema.extend({ id: idSchema });

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
