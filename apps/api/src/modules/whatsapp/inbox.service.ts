/** The team's WhatsApp inbox ('WhatsApp' in the sidebar): every open conversation, unread first; 'Mías' the viewer's leads. */
import { countUnreadWhatsAppConversations, listWhatsAppInbox } from '@crm/db';
import type { WhatsAppInboxItem, WhatsAppInboxQuery } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from '../leads/lead-reader.js';

export async function listInbox(ctx: ServiceContext, query: WhatsAppInboxQuery): Promise<WhatsAppInboxItem[]> {
  requirePermission(ctx, 'lead.read');
  return listWhatsAppInbox(ctx.db, await leadReaderOf(ctx), {
    assignedTo: query.filter === 'mias' ? ctx.viewer.user.id : null,
    limit: query.limit,
  });
}

/** The sidebar's badge: conversations waiting for an answer, all of them for a manager, one's own for a Vendedor. */
export async function unreadConversations(ctx: ServiceContext): Promise<{ conversations: number }> {
  requirePermission(ctx, 'lead.read');
  const own = ctx.viewer.user.systemRole === 'team_member' ? ctx.viewer.user.id : null;
  return { conversations: await countUnreadWhatsAppConversations(ctx.db, await leadReaderOf(ctx), own) };
}
