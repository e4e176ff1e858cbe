/**
 * The web app's live feed (tRPC subscription). It registers with the hub before it reads
 * the back-log, so nothing sent in between is missed, and skips live copies of messages
 * the back-log already gave: a client resuming from `lastEventId` sees each message once.
 */
import { listMessagesOfUserAfter } from '@crm/db';
import type { ChatMessage } from '@crm/domain';
import { tracked } from '@trpc/server';
import type { ServiceContext } from '../../context.js';
import type { LiveEvent } from '../../live/live-hub.js';
import { createLiveQueue } from '../../live/live-queue.js';
import { requirePermission } from '../../require-permission.js';

const BACKLOG_PAGE = 500;

/** What follows the back-log: the client knows it is live and refreshes read states. */
export type ChatFeedEvent = Exclude<LiveEvent, { type: 'chat' }> | { type: 'synced' };

export async function* chatFeed(ctx: ServiceContext, lastEventId: string | null | undefined, signal: AbortSignal | undefined) {
  requirePermission(ctx, 'chat.use');
  const queue = createLiveQueue<LiveEvent>(signal);
  const close = await ctx.live.open({
    userId: ctx.viewer.user.id,
    sessionId: ctx.viewer.sessionId,
    wantsPresence: true,
    deliver: (event) => queue.push(event),
    end: () => queue.end(),
  });
  try {
    const seen = new Set<number>();
    let after = parseEventId(lastEventId);
    while (after !== undefined) {
      const page = await listMessagesOfUserAfter(ctx.db, ctx.viewer.user.id, after, BACKLOG_PAGE);
      for (const message of page) {
        seen.add(message.id);
        yield trackedMessage(message);
      }
      after = page.length === BACKLOG_PAGE ? page.at(-1)?.id : undefined;
    }
    yield { type: 'synced' } as ChatFeedEvent;
    for await (const event of queue) {
      if (event.type !== 'chat') {
        yield event as ChatFeedEvent;
      } else if (!seen.delete(event.message.id)) {
        yield trackedMessage(event.message);
      }
    }
  } finally {
    await close();
  }
}

function trackedMessage(message: ChatMessage) {
  return tracked(String(message.id), { type: 'chat' as const, message });
}

function parseEventId(lastEventId: string | null | undefined): number | undefined {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId)) return undefined;
  return Number(lastEventId);
}
