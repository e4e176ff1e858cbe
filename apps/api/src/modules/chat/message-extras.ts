/** What a message may carry besides its text: an attachment its sender uploaded, a lead its sender may read. */
import { type DbOrTrx, findChatAttachment, findLeadRow } from '@crm/db';
import { CHAT_ATTACHMENT_LIMITS, DomainError } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from '../leads/lead-reader.js';

const LEAD_NOT_FOUND_MESSAGE = 'Lead no encontrado';

/** Only the uploader sends an attachment, and only once. */
export async function requireUnsentAttachment(trx: DbOrTrx, senderId: number, attachmentId: number): Promise<void> {
  const attachment = await findChatAttachment(trx, attachmentId);
  if (!attachment || attachment.uploaderId !== senderId) throw new DomainError('NOT_FOUND', CHAT_ATTACHMENT_LIMITS.messages.notFound);
  if (attachment.messageId !== null) throw new DomainError('CONFLICT', CHAT_ATTACHMENT_LIMITS.messages.alreadySent);
}

/** A lead card is shared by someone who may read the lead; whoever opens it is checked again by the lead page. */
export async function requireShareableLead(ctx: ServiceContext, leadId: number): Promise<void> {
  requirePermission(ctx, 'lead.read');
  if (!(await findLeadRow(ctx.db, leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND_MESSAGE);
}
