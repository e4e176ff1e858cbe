/**
 * A tab tells which conversation it shows, so a message there notifies nobody who is reading it
 * (the send statement reads these reports; chat-viewing.repository keeps them).
 */
import { isChannelMember, reportChatViewing } from '@crm/db';
import { CHANNEL_MESSAGES, type ChatViewing, DomainError } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { chatCollapseKey } from '../notifications/notifier.js';

export async function reportViewing(ctx: ServiceContext, viewing: ChatViewing): Promise<{ ok: true }> {
  requirePermission(ctx, 'chat.use');
  const userId = ctx.viewer.user.id;
  if (viewing.channelId !== undefined && !(await isChannelMember(ctx.db, viewing.channelId, userId))) {
    throw new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
  }
  const collapseKey =
    viewing.channelId !== undefined
      ? chatCollapseKey({ channelId: viewing.channelId })
      : viewing.userId !== undefined
        ? chatCollapseKey({ userId: viewing.userId })
        : null;
  await reportChatViewing(ctx.db, userId, viewing.tabId, collapseKey);
  return { ok: true };
}
