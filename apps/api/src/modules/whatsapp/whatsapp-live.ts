/**
 * WhatsApp's live events, after the commit, to those who may read the lead each one is about and
 * see it (docs/roles-and-permissions.md, 'Visibilidad de leads'); the lead page's panel and the
 * inbox patch themselves.
 */
import { findWhatsAppMessagesByIds } from '@crm/db';
import type { AppContext } from '../../context.js';
import type { LiveEvent } from '../../live/live-events.js';
import { publishLiveEach } from '../../live/publish.js';
import { leadAudiences } from '../leads/lead-changed.js';

/** Like publishLive, a failure is logged: the change has committed either way. */
async function publishToLeadReaders(ctx: AppContext, events: () => Promise<{ leadId: number; event: LiveEvent }[]>): Promise<void> {
  try {
    const list = await events();
    const audiences = await leadAudiences(ctx, [...new Set(list.map((item) => item.leadId))]);
    await publishLiveEach(
      ctx,
      list.flatMap((item) =>
        audiences.filter((audience) => audience.leadIds.includes(item.leadId)).map((audience) => ({ event: item.event, to: audience.to })),
      ),
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'live event not published');
  }
}

/** The messages as the conversation returns them, read after the commit that stored or changed them. */
export async function announceWhatsAppMessages(ctx: AppContext, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await publishToLeadReaders(ctx, async () =>
    (await findWhatsAppMessagesByIds(ctx.db, messageIds)).map((message) => ({
      leadId: message.leadId,
      event: { type: 'whatsapp' as const, whatsappMessage: message },
    })),
  );
}

export function announceWhatsAppRead(ctx: AppContext, leadId: number): Promise<void> {
  return publishToLeadReaders(ctx, () => Promise.resolve([{ leadId, event: { type: 'whatsappRead', leadId } }]));
}
