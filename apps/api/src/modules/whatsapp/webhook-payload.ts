/**
 * What we read of Meta's webhook notifications (the `messages` field of a WhatsApp Business Account:
 * developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components): customers' messages with
 * their profile, and the statuses of ours. Unknown fields pass; a malformed part is skipped, not fatal.
 */
import type { NewWhatsAppMessage } from '@crm/db';
import { z } from 'zod';

const mediaSchema = z
  .object({
    id: z.string(),
    mime_type: z.string().optional(),
    sha256: z.string().optional(),
    caption: z.string().optional(),
    filename: z.string().optional(),
  })
  .passthrough();

const inboundMessageSchema = z
  .object({
    from: z.string().regex(/^\d{6,20}$/),
    id: z.string().min(1),
    timestamp: z.coerce.number(),
    type: z.string(),
    text: z.object({ body: z.string() }).optional(),
    image: mediaSchema.optional(),
    document: mediaSchema.optional(),
    audio: mediaSchema.optional(),
    video: mediaSchema.optional(),
    sticker: mediaSchema.optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
        url: z.string().optional(),
      })
      .optional(),
    contacts: z.array(z.record(z.string(), z.unknown())).optional(),
    reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
    button: z.object({ text: z.string() }).partial().optional(),
    interactive: z.record(z.string(), z.unknown()).optional(),
    context: z.object({ id: z.string().optional() }).partial().optional(),
  })
  .passthrough();
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

const statusSchema = z
  .object({
    id: z.string().min(1),
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    timestamp: z.coerce.number().optional(),
    recipient_id: z.string().optional(),
    errors: z
      .array(
        z.object({
          code: z.number().optional(),
          title: z.string().optional(),
          message: z.string().optional(),
          error_data: z.object({ details: z.string().optional() }).optional(),
        }),
      )
      .optional(),
  })
  .passthrough();
export type StatusUpdate = z.infer<typeof statusSchema>;

const valueSchema = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).partial().optional(),
    contacts: z.array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).partial().optional() })).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .passthrough();

export const webhookPayloadSchema = z
  .object({
    object: z.string(),
    entry: z
      .array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.unknown() }).passthrough()).default([]) }).passthrough())
      .default([]),
  })
  .passthrough();
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export interface Delivery {
  phoneNumberId: string | null;
  messages: { message: InboundMessage; profileName: string | null }[];
  statuses: StatusUpdate[];
}

/** The payload's changes of the `messages` field, their well-formed messages and statuses. */
export function deliveriesOf(payload: WebhookPayload): Delivery[] {
  return payload.entry.flatMap((entry) =>
    entry.changes
      .filter((change) => change.field === 'messages')
      .map((change) => {
        const value = valueSchema.safeParse(change.value);
        if (!value.success) return { phoneNumberId: null, messages: [], statuses: [] };
        const names = new Map((value.data.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name ?? null]));
        return {
          phoneNumberId: value.data.metadata?.phone_number_id ?? null,
          messages: (value.data.messages ?? []).flatMap((raw) => {
            const parsed = inboundMessageSchema.safeParse(raw);
            return parsed.success ? [{ message: parsed.data, profileName: names.get(parsed.data.from) ?? null }] : [];
          }),
          statuses: (value.data.statuses ?? []).flatMap((raw) => {
            const parsed = statusSchema.safeParse(raw);
            return parsed.success ? [parsed.data] : [];
          }),
        };
      }),
  );
}

const MEDIA_KINDS = ['image', 'document', 'audio', 'video', 'sticker'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

export function mediaOf(
  message: InboundMessage,
): { kind: MediaKind; id: string; mimeType: string | null; fileName: string | null; caption: string | null } | null {
  const kind = MEDIA_KINDS.find((candidate) => message.type === candidate);
  const media = kind ? message[kind] : undefined;
  if (!kind || !media) return null;
  return { kind, id: media.id, mimeType: media.mime_type ?? null, fileName: media.filename ?? null, caption: media.caption ?? null };
}

/** The message as a row of the lead's conversation (its media fetched later, by the media job). */
export function storedMessageOf(message: InboundMessage, leadId: number, authorName: string | null): NewWhatsAppMessage {
  const base = {
    leadId,
    direction: 'inbound' as const,
    origin: 'cloud' as const,
    waMessageId: message.id,
    authorName,
    status: 'received' as const,
    sentAt: new Date(message.timestamp * 1000),
  };
  const media = mediaOf(message);
  if (media) {
    return {
      ...base,
      kind: media.kind,
      body: media.caption,
      details: { mediaId: media.id, mimeType: media.mimeType, fileName: media.fileName },
    };
  }
  if (message.type === 'text' && message.text) return { ...base, kind: 'text', body: message.text.body };
  if (message.type === 'location' && message.location)
    return { ...base, kind: 'location', body: message.location.name ?? null, details: message.location };
  if (message.type === 'contacts' && message.contacts) return { ...base, kind: 'contacts', details: { contacts: message.contacts } };
  if (message.type === 'reaction' && message.reaction) {
    return { ...base, kind: 'reaction', details: { messageId: message.reaction.message_id, emoji: message.reaction.emoji ?? null } };
  }
  // A tapped quick-reply button or list item reads as the text the customer chose.
  const chosen = message.button?.text ?? titleOf(message.interactive);
  if (chosen) return { ...base, kind: 'text', body: chosen };
  return { ...base, kind: 'unsupported', details: { type: message.type } };
}

function titleOf(interactive: Record<string, unknown> | undefined): string | undefined {
  const reply = (interactive?.['button_reply'] ?? interactive?.['list_reply']) as { title?: unknown } | undefined;
  return typeof reply?.title === 'string' ? reply.title : undefined;
}

/** A failed status's reason, in Meta's words. */
export function failureReasonOf(status: StatusUpdate): string | null {
  if (status.status !== 'failed') return null;
  const error = status.errors?.[0];
  const text = error?.error_data?.details ?? error?.message ?? error?.title ?? 'WhatsApp no entregó el mensaje';
  return error?.code === undefined ? text : `${text} (código ${error.code})`;
}
