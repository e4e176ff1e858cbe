/**
 * Importing a chat exported from the phone into a lead's WhatsApp conversation (docs/whatsapp.md,
 * 'Importar un chat exportado'): a preview for the dialog, then the import. The messages keep the
 * phone's times read in the team's zone, go in as one set-based insert that skips what the lead
 * already has, and the history says who imported how many, all in one transaction.
 */
import {
  type ExportedWhatsAppMessage,
  existingExportKeys,
  findLeadRow,
  insertChatAttachmentRow,
  insertExportedWhatsAppMessages,
  recordLeadHistory,
  touchWhatsAppConversation,
  writeChatAttachmentChunks,
} from '@crm/db';
import {
  canImportWhatsAppChat,
  DomainError,
  instantAt,
  suggestSeller,
  WHATSAPP_EXPORT_MESSAGES,
  WHATSAPP_EXPORT_SKIPS,
  type WhatsAppExportPreview,
  type WhatsAppExportResult,
  type WhatsAppExportSkip,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { leadReaderOf } from '../leads/lead-reader.js';
import { requirePermission } from '../../require-permission.js';
import { WritePacer } from '../chat/write-pacer.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { type ChatExportArchive, openChatExport } from './chat-export-archive.js';
import { describeExportedFile } from './chat-export-media.js';
import { type ChatClock, type ExportedLine, parseChatExport, participantsOf } from './chat-export-parse.js';
import type { ChatExportUpload } from './chat-export-upload.js';

/** Media bytes an import writes per second, as chat uploads are paced (write-pacer.ts). */
const mediaWrites = new WritePacer(8 * 1024 * 1024);

interface LoadedExport {
  archive: ChatExportArchive;
  lines: ExportedLine[];
  sentAt: Date[];
  timeZone: string;
}

/**
 * The phone's clock read in the team's zone. The zone's offset is asked once per hour of the chat
 * (Intl's arithmetic costs about 0.1 ms, 5,000 messages 400 ms): zones change it on the hour (the
 * odd one on the half hour, where a message of that half hour may be placed 30 minutes off).
 */
function clockReader(timeZone: string): (clock: ChatClock) => Date {
  const hours = new Map<string, number>();
  return (clock) => {
    const key = `${clock.year}-${clock.month}-${clock.day}-${clock.hour}`;
    let hour = hours.get(key);
    if (hour === undefined) {
      hour = instantAt({ ...clock, minute: 0 }, timeZone).getTime();
      hours.set(key, hour);
    }
    return new Date(hour + clock.minute * 60_000 + clock.second * 1000);
  };
}

async function loadExport(ctx: ServiceContext, leadId: number, upload: ChatExportUpload): Promise<LoadedExport> {
  requirePermission(ctx, 'lead.read');
  const lead = await findLeadRow(ctx.db, leadId, await leadReaderOf(ctx));
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  if (!canImportWhatsAppChat(ctx.viewer.user, { assignedTo: lead.assigned_to, contactedBy: lead.contacted_by })) {
    throw new DomainError('FORBIDDEN', WHATSAPP_EXPORT_MESSAGES.notYours);
  }
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  const archive = await openChatExport(upload);
  try {
    const lines = parseChatExport(archive.text);
    const inZone = clockReader(timeZone);
    const sentAt = lines.map(({ clock }) => inZone(clock));
    return { archive, lines, sentAt, timeZone };
  } catch (error) {
    archive.close();
    throw error;
  }
}

async function withExport<T>(ctx: ServiceContext, leadId: number, upload: ChatExportUpload, run: (loaded: LoadedExport) => Promise<T>) {
  const loaded = await loadExport(ctx, leadId, upload);
  try {
    return await run(loaded);
  } finally {
    loaded.archive.close();
  }
}

function timeRange(dates: readonly Date[]): { firstAt: Date | null; lastAt: Date | null } {
  // Exports are not always in order (WhatsApp's own note): the range is the earliest and the latest.
  const times = dates.map((date) => date.getTime());
  return times.length === 0
    ? { firstAt: null, lastAt: null }
    : { firstAt: new Date(Math.min(...times)), lastAt: new Date(Math.max(...times)) };
}

export function previewChatExport(ctx: ServiceContext, leadId: number, upload: ChatExportUpload): Promise<WhatsAppExportPreview> {
  return withExport(ctx, leadId, upload, async ({ archive, lines, sentAt, timeZone }) => {
    const participants = participantsOf(lines);
    const existing = await existingExportKeys(
      ctx.db,
      leadId,
      lines.map((line) => line.exportKey),
    );
    return {
      fileName: upload.fileName,
      participants,
      suggestedSeller: suggestSeller(participants, ctx.viewer.user),
      messageCount: lines.length,
      newCount: lines.filter((line) => !existing.has(line.exportKey)).length,
      mediaCount: lines.filter((line) => line.attachment !== null && archive.hasMedia(line.attachment)).length,
      firstAt: timeRange(sentAt).firstAt,
      lastAt: timeRange(sentAt).lastAt,
      timeZone,
    };
  });
}

type StoredMedia = { attachmentId: number; kind: ExportedWhatsAppMessage['kind'] } | { skipped: WhatsAppExportSkip };

/** Stores one file of the zip as a chat attachment (no uploader: it belongs to the lead's conversation). */
async function storeMedia(ctx: ServiceContext, archive: ChatExportArchive, fileName: string): Promise<StoredMedia> {
  if (!archive.hasMedia(fileName)) return { skipped: 'missing' };
  const bytes = await archive.readMedia(fileName);
  if (bytes === 'tooLarge') return { skipped: 'tooLarge' };
  const file = await describeExportedFile(bytes, fileName);
  if (!file) return { skipped: 'badType' };
  const { data, ...description } = file;
  const attachmentId = await insertChatAttachmentRow(ctx.db, { uploaderId: null, ...description, size: data.byteLength });
  await writeChatAttachmentChunks(ctx.db, attachmentId, data, (chunk) => mediaWrites.turn(chunk));
  return { attachmentId, kind: file.kind };
}

/** The row of one line: who wrote it decides the direction; a file kept as an attachment makes it that kind, its caption the text. */
function messageOf(line: ExportedLine, sentAt: Date, seller: string, media: StoredMedia | undefined): ExportedWhatsAppMessage {
  const base = {
    exportKey: line.exportKey,
    direction: line.author === seller ? ('outbound' as const) : ('inbound' as const),
    authorName: line.author,
    sentAt,
    attachmentId: null,
  };
  if (line.author === null || line.mediaOmitted) {
    return { ...base, kind: 'system', body: line.text, details: line.mediaOmitted ? { mediaOmitted: true } : {} };
  }
  if (line.attachment === null) return { ...base, kind: 'text', body: line.text, details: {} };
  if (media && 'attachmentId' in media) {
    const caption = line.text.split('\n').slice(1).join('\n').trim();
    return { ...base, kind: media.kind, body: caption || null, attachmentId: media.attachmentId, details: { fileName: line.attachment } };
  }
  return { ...base, kind: 'text', body: line.text, details: { fileName: line.attachment } };
}

export function importChatExport(
  ctx: ServiceContext,
  leadId: number,
  upload: ChatExportUpload,
  form: { seller: string },
): Promise<WhatsAppExportResult> {
  return withExport(ctx, leadId, upload, async ({ archive, lines, sentAt }) => {
    if (!participantsOf(lines).includes(form.seller)) throw new DomainError('BAD_REQUEST', WHATSAPP_EXPORT_MESSAGES.sellerUnknown);
    const existing = await existingExportKeys(
      ctx.db,
      leadId,
      lines.map((line) => line.exportKey),
    );
    const fresh = lines.flatMap((line, index) => (existing.has(line.exportKey) ? [] : [{ line, sentAt: sentAt[index] as Date }]));
    // Only the new messages' files are read and stored; one a concurrent import also stored is left
    // unreferenced, and the unsent-attachment sweep removes it.
    const media = new Map<ExportedLine, StoredMedia>();
    const skippedMedia: WhatsAppExportResult['skippedMedia'] = [];
    for (const { line } of fresh) {
      if (line.attachment === null || upload.format !== 'zip') continue;
      const stored = await storeMedia(ctx, archive, line.attachment);
      media.set(line, stored);
      if ('skipped' in stored) skippedMedia.push({ fileName: line.attachment, reason: WHATSAPP_EXPORT_SKIPS[stored.skipped] });
    }
    const messages = fresh.map(({ line, sentAt: at }) => messageOf(line, at, form.seller, media.get(line)));
    const added = await ctx.db.transaction().execute(async (trx) => {
      const { inserted, lastAt } = await insertExportedWhatsAppMessages(trx, leadId, messages);
      if (inserted === 0 || lastAt === null) return 0;
      await touchWhatsAppConversation(trx, leadId, lastAt);
      await recordLeadHistory(trx, [
        {
          leadId,
          type: 'whatsapp_imported',
          actorId: ctx.viewer.user.id,
          changes: {
            fileName: upload.fileName,
            seller: form.seller,
            added: inserted,
            alreadyThere: lines.length - inserted,
            attachments: messages.filter((message) => message.attachmentId !== null).length,
          },
        },
      ]);
      return inserted;
    });
    return {
      added,
      alreadyThere: lines.length - added,
      attachments: added === 0 ? 0 : messages.filter((message) => message.attachmentId !== null).length,
      skippedMedia,
    };
  });
}
