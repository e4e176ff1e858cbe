/**
 * Importing a chat exported from the phone (WhatsApp's 'Exportar chat', docs/whatsapp.md): what the
 * upload may cost, who may import on a lead, the preview the dialog shows and the result it reports.
 */
import { z } from 'zod';
import { normalizeSearchText } from '../format/text-search.js';
import type { Actor, LeadOwnership } from '../permissions.js';
import { canReplyOnWhatsApp } from './messages.js';

const MiB = 1024 * 1024;

/** Every bound is checked before the cost it guards is paid (the declared size first, then the bytes as they inflate). */
export const WHATSAPP_EXPORT_LIMITS = {
  /** The uploaded .txt or .zip. */
  uploadBytes: 64 * MiB,
  /** Files in the .zip: the chat and its media (WhatsApp's own export caps media near 100 files). */
  zipEntries: 2_000,
  /** The chat's text, inflated. */
  chatBytes: 32 * MiB,
  /** Everything one import inflates together: the chat and the media it stores. */
  totalBytes: 256 * MiB,
  /** An entry may inflate to at most this many times its compressed size past its first MiB: a zip bomb's tell. */
  inflateRatio: 100,
  ratioGraceBytes: 1 * MiB,
  /** Messages in one chat. */
  messages: 100_000,
  /** A participant's name, as the seller field carries it. */
  nameChars: 200,
} as const;

const number = new Intl.NumberFormat('es-ES');

export const WHATSAPP_EXPORT_MESSAGES = {
  required: 'Sube el chat exportado de WhatsApp (.txt o .zip)',
  tooLarge: `El archivo supera ${WHATSAPP_EXPORT_LIMITS.uploadBytes / MiB} MB: exporta el chat sin archivos multimedia`,
  badType: 'El archivo no es un chat exportado de WhatsApp: sube el .txt o el .zip que crea «Exportar chat»',
  noChat: 'El .zip no tiene el chat: busca el _chat.txt (iPhone) o «Chat de WhatsApp con ….txt» (Android)',
  empty: 'El archivo no tiene mensajes de WhatsApp que se puedan leer',
  tooManyEntries: `El .zip tiene más de ${number.format(WHATSAPP_EXPORT_LIMITS.zipEntries)} archivos: no se lee`,
  chatTooLarge: `El chat se descomprime a más de ${WHATSAPP_EXPORT_LIMITS.chatBytes / MiB} MB: no se lee`,
  totalTooLarge: `El .zip se descomprime a más de ${WHATSAPP_EXPORT_LIMITS.totalBytes / MiB} MB: exporta el chat sin archivos multimedia`,
  inflateRatio: `El .zip no se lee: uno de sus archivos se descomprime a más de ${WHATSAPP_EXPORT_LIMITS.inflateRatio} veces su tamaño, como hace un archivo malicioso`,
  badZip: 'El .zip está dañado o no se puede leer',
  tooManyMessages: `El chat tiene más de ${number.format(WHATSAPP_EXPORT_LIMITS.messages)} mensajes: no se importa`,
  sellerRequired: 'Indica qué participante es el vendedor',
  sellerUnknown: 'Ese participante no está en el chat',
  notYours: 'Solo puedes importar chats de WhatsApp en tus leads (los asignados a ti, o sin asignar que contactaste tú)',
} as const;

/** Why a file of the zip was not kept as an attachment (its message is kept, saying which file it was). */
export const WHATSAPP_EXPORT_SKIPS = {
  missing: 'No está en el .zip',
  tooLarge: 'Supera 10 MB',
  badType: 'Tipo de archivo no admitido',
} as const;
export type WhatsAppExportSkip = keyof typeof WHATSAPP_EXPORT_SKIPS;

/**
 * Who may import a chat on a lead: whoever may work it, the rule of replying on WhatsApp: admins and
 * managers on any lead, a Vendedor on his own (assigned to him, or unassigned and contacted by him).
 */
export function canImportWhatsAppChat(actor: Actor, lead: LeadOwnership): boolean {
  return canReplyOnWhatsApp(actor, lead);
}

/**
 * The participant that is most likely the user: their full name, else their first name, compared
 * without case or accents (a phone saves 'José Pérez' as 'Jose Perez' or just 'José').
 */
export function suggestSeller(participants: readonly string[], user: { firstName: string | null; lastName: string | null }): string | null {
  const first = normalizeSearchText(user.firstName);
  const full = normalizeSearchText(`${user.firstName ?? ''} ${user.lastName ?? ''}`);
  if (!first) return null;
  const normalized = participants.map((name) => ({ name, key: normalizeSearchText(name) }));
  return (
    normalized.find((entry) => entry.key === full)?.name ??
    normalized.find((entry) => entry.key === first || entry.key.startsWith(`${first} `))?.name ??
    null
  );
}

export const whatsappExportFormSchema = z.object({
  seller: z
    .string({ error: WHATSAPP_EXPORT_MESSAGES.sellerRequired })
    .trim()
    .min(1, WHATSAPP_EXPORT_MESSAGES.sellerRequired)
    .max(WHATSAPP_EXPORT_LIMITS.nameChars, WHATSAPP_EXPORT_MESSAGES.sellerUnknown),
});

/** What the dialog shows before importing. */
export const whatsappExportPreviewSchema = z.object({
  fileName: z.string(),
  participants: z.array(z.string()),
  /** The participant whose name matches the user's, preselected as the seller. */
  suggestedSeller: z.string().nullable(),
  messageCount: z.number().int(),
  /** Of them, the ones the lead's conversation does not have yet. */
  newCount: z.number().int(),
  /** Files the chat names that the .zip carries. */
  mediaCount: z.number().int(),
  firstAt: z.date().nullable(),
  lastAt: z.date().nullable(),
  /** The team's zone the times were read in. */
  timeZone: z.string(),
});
export type WhatsAppExportPreview = z.infer<typeof whatsappExportPreviewSchema>;

export const whatsappExportResultSchema = z.object({
  /** Messages added to the conversation. */
  added: z.number().int(),
  /** Messages the conversation already had (an earlier import of the same chat). */
  alreadyThere: z.number().int(),
  attachments: z.number().int(),
  skippedMedia: z.array(z.object({ fileName: z.string(), reason: z.string() })),
});
export type WhatsAppExportResult = z.infer<typeof whatsappExportResultSchema>;
