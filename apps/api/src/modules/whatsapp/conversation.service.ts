/** Reading a lead's WhatsApp conversation (docs/whatsapp.md): whoever reads the lead sees it; opening it marks it read. */
import {
  findLeadRow,
  findWhatsAppConversation,
  findWhatsAppSettingsRow,
  listWhatsAppMessages,
  markWhatsAppConversationRead,
} from '@crm/db';
import { DomainError, type WhatsAppConversation, type WhatsAppConversationQuery, canReplyOnWhatsApp } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { leadReaderOf } from '../leads/lead-reader.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { isConfigured } from './settings.service.js';
import { announceWhatsAppRead } from './whatsapp-live.js';

export async function readConversation(ctx: ServiceContext, query: WhatsAppConversationQuery): Promise<WhatsAppConversation> {
  requirePermission(ctx, 'lead.read');
  const lead = await findLeadRow(ctx.db, query.leadId, await leadReaderOf(ctx));
  if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  const [conversation, page, settings] = await Promise.all([
    findWhatsAppConversation(ctx.db, query.leadId),
    listWhatsAppMessages(ctx.db, query.leadId, { before: query.before, limit: query.limit }),
    findWhatsAppSettingsRow(ctx.db),
  ]);
  return {
    conversation: conversation ?? null,
    ...page,
    canReply: canReplyOnWhatsApp(ctx.viewer.user, { assignedTo: lead.assigned_to, contactedBy: lead.contacted_by }),
    connected: settings !== undefined && isConfigured(settings),
  };
}

/** The team's unread count of this conversation goes to 0 (one inbox for the team, as the 'Sin leer' badge counts). */
export async function markConversationRead(ctx: ServiceContext, leadId: number): Promise<{ leadId: number }> {
  requirePermission(ctx, 'lead.read');
  if (!(await findLeadRow(ctx.db, leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  if (await markWhatsAppConversationRead(ctx.db, leadId)) await announceWhatsAppRead(ctx, leadId);
  return { leadId };
}
