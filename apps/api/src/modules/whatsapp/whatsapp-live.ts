/** WhatsApp's live events, after the commit, to those who may read leads (the lead page's panel and the inbox patch themselves). */
import { findWhatsAppMessagesByIds } from '@crm/db';
import type { AppContext } from '../../context.js';
import type { LiveEvent } from '../../live/live-events.js';
import { publishLiveEach } from '../../live/publish.js';
import { leadReaders } from '../leads/lead-changed.js';

/** Like publishLive, a failure is logged: the change has committed either way. */
async function publishToReaders(ctx: AppContext, events: () => Promise<LiveEvent[]>): Promise<void> {
  try {
    const [to, list] = await Promise.all([leadReaders(ctx), events()]);
    await publishLiveEach(
      ctx,
      list.map((event) => ({ event, to })),
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'live event not published');
  }
}

/** The messages as the conversation returns them, read after the commit that stored or changed them. */
export async function announceWhatsAppMessages(ctx: AppContext, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await publishToReaders(ctx, async () =>
    (await findWhatsAppMessagesByIds(ctx.db, messageIds)).map((message) => ({ type: 'whatsapp' as const, whatsappMessage: message })),
  );
}

export function announceWhatsAppRead(ctx: AppContext, leadId: number): Promise<void> {
  return publishToReaders(ctx, () => Promise.resolve([{ type: 'whatsappRead', leadId }]));
}
