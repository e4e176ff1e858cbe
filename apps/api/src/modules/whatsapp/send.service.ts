/**
 * Writing to a lead on WhatsApp (docs/whatsapp.md): text and files inside the 24-hour window that
 * the customer's last message opened, approved templates at any time; a Vendedor only on the leads
 * he may work. The message is stored 'pending' first, so a failure shows on it with Meta's reason.
 */
import {
  type NewWhatsAppMessage,
  findChatAttachment,
  findLeadRow,
  findWhatsAppConversation,
  findWhatsAppMessagesByIds,
  insertWhatsAppMessages,
  listWhatsAppTemplates,
  readChatAttachmentChunks,
  recordWhatsAppSend,
  refreshWhatsAppConversation,
  syncWhatsAppTracking,
} from '@crm/db';
import {
  CHAT_ATTACHMENT_LIMITS,
  DomainError,
  type SendWhatsApp,
  WHATSAPP_MESSAGES,
  type WhatsAppMessage,
  canReplyOnWhatsApp,
  fillTemplate,
  isWhatsAppWindowOpen,
  phoneE164,
  templateBodyText,
  templateVariableCount,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { leadReaderOf } from '../leads/lead-reader.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { type GraphConnection, GraphError, sendMessage, uploadMedia } from './graph-client.js';
import { requireConnection } from './settings.service.js';
import { announceWhatsAppMessages } from './whatsapp-live.js';

interface Outgoing {
  row: Pick<NewWhatsAppMessage, 'kind' | 'body' | 'details' | 'attachmentId'>;
  /** The Graph API message without its recipient; a file is uploaded first. */
  graph: (connection: GraphConnection) => Promise<Record<string, unknown>>;
}

async function templateMessage(ctx: ServiceContext, template: NonNullable<SendWhatsApp['template']>): Promise<Outgoing> {
  const found = (await listWhatsAppTemplates(ctx.db, true)).find(
    (item) => item.name === template.name && item.language === template.language,
  );
  if (!found) throw new DomainError('BAD_REQUEST', WHATSAPP_MESSAGES.templateNotFound);
  const body = templateBodyText(found.components);
  const count = templateVariableCount(body);
  if (template.variables.length !== count) throw new DomainError('BAD_REQUEST', WHATSAPP_MESSAGES.templateVariables);
  return {
    row: {
      kind: 'template',
      body: fillTemplate(body, template.variables),
      details: { name: found.name, language: found.language, variables: template.variables },
    },
    graph: () =>
      Promise.resolve({
        type: 'template',
        template: {
          name: found.name,
          language: { code: found.language },
          ...(count > 0 ? { components: [{ type: 'body', parameters: template.variables.map((text) => ({ type: 'text', text })) }] } : {}),
        },
      }),
  };
}

async function fileMessage(ctx: ServiceContext, attachmentId: number, caption: string): Promise<Outgoing> {
  const file = await findChatAttachment(ctx.db, attachmentId);
  // Only one's own upload, not yet sent anywhere: the same rule as the team chat's.
  if (!file || file.uploaderId !== ctx.viewer.user.id) throw new DomainError('NOT_FOUND', CHAT_ATTACHMENT_LIMITS.messages.notFound);
  if (file.messageId !== null || file.whatsappLeadId !== null)
    throw new DomainError('CONFLICT', CHAT_ATTACHMENT_LIMITS.messages.alreadySent);
  const kind = file.kind;
  return {
    row: { kind, body: caption || null, attachmentId, details: { fileName: file.fileName } },
    graph: async (connection) => {
      const parts: Uint8Array[] = [];
      for await (const chunk of readChatAttachmentChunks(ctx.db, attachmentId)) parts.push(chunk);
      const id = await uploadMedia(connection, { bytes: Buffer.concat(parts), contentType: file.contentType, fileName: file.fileName });
      const media: Record<string, unknown> = { id };
      if (caption && kind !== 'audio') media['caption'] = caption;
      if (kind === 'document') media['filename'] = file.fileName;
      return { type: kind, [kind]: media };
    },
  };
}

function textMessage(text: string): Outgoing {
  return { row: { kind: 'text', body: text }, graph: () => Promise.resolve({ type: 'text', text: { preview_url: false, body: text } }) };
}

export async function sendWhatsApp(ctx: ServiceContext, input: SendWhatsApp): Promise<WhatsAppMessage> {
  requirePermission(ctx, 'lead.read');
  const lead = await findLeadRow(ctx.db, input.leadId, await leadReaderOf(ctx));
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  if (!canReplyOnWhatsApp(ctx.viewer.user, { assignedTo: lead.assigned_to, contactedBy: lead.contacted_by })) {
    throw new DomainError('FORBIDDEN', WHATSAPP_MESSAGES.notYours);
  }
  const connection = await requireConnection(ctx);
  const { country, timeZone } = (await loadTeamSettings(ctx)).settings;
  const conversation = await findWhatsAppConversation(ctx.db, lead.id);
  const waId = conversation?.waId ?? phoneE164(lead.phone, country)?.slice(1);
  if (!waId) throw new DomainError('BAD_REQUEST', WHATSAPP_MESSAGES.noPhone);
  if (!input.template && !isWhatsAppWindowOpen(conversation?.lastInboundAt ?? null))
    throw new DomainError('BAD_REQUEST', WHATSAPP_MESSAGES.windowClosed);
  const outgoing = input.template
    ? await templateMessage(ctx, input.template)
    : input.attachmentId !== undefined
      ? await fileMessage(ctx, input.attachmentId, input.text)
      : textMessage(input.text);

  const id = await ctx.db.transaction().execute(async (trx) => {
    const [stored] = await insertWhatsAppMessages(trx, [
      {
        leadId: lead.id,
        direction: 'outbound',
        origin: 'cloud',
        sentBy: ctx.viewer.user.id,
        status: 'pending',
        sentAt: new Date(),
        ...outgoing.row,
      },
    ]);
    if (!stored) throw new Error('El mensaje saliente no se guardó');
    await refreshWhatsAppConversation(trx, lead.id, { waId });
    return stored.id;
  });
  try {
    const waMessageId = await sendMessage(connection, { to: waId, ...(await outgoing.graph(connection)) });
    await recordWhatsAppSend(ctx.db, id, { waMessageId });
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    await recordWhatsAppSend(ctx.db, id, { failureReason: error.message });
  }
  await syncWhatsAppTracking(ctx.db, lead.id, timeZone);
  await announceWhatsAppMessages(ctx, [id]);
  const [message] = await findWhatsAppMessagesByIds(ctx.db, [id]);
  return message as WhatsAppMessage;
}
