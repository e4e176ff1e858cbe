/**
 * The web app's live feed (tRPC subscription). It registers with the hub before it reads
 * the back-log, so nothing sent in between is missed, and skips live copies of messages
 * the back-log already gave: a client resuming from `lastEventId` sees each message once.
 * Every live event reaches it in the shape it was published in.
 */
import { listMessagesOfUserAfter } from '@crm/db';
import type { ChatMessage } from '@crm/domain';
import { tracked } from '@trpc/server';
import type { ServiceContext } from '../../context.js';
import type { LiveEvent } from '../../live/live-events.js';
import { createLiveQueue } from '../../live/live-queue.js';
import { requirePermission } from '../../require-permission.js';

const BACKLOG_PAGE = 500;

/** After the back-log comes `synced`: the client knows it is live and refreshes read states. */
type ChatFeedEvent = Exclude<LiveEvent, { type: 'chat' }> | { type: 'synced' };

/**
 * Registers first (a session over its connection cap is refused here, as a clear error
 * before the feed starts), then returns the feed.
 */
export async function openChatFeed(ctx: ServiceContext, lastEventId: string | null | undefined, signal: AbortSignal | undefined) {
  requirePermission(ctx, 'chat.use');
  const queue = createLiveQueue<LiveEvent>(signal);
  const close = await ctx.live.open({
    userId: ctx.viewer.user.id,
    sessionId: ctx.viewer.sessionId,
    accepts: () => true,
    deliver: (event) => queue.push(event),
    end: () => queue.end(),
  });
  // A feed aborted before its first pull never runs its `finally`.
  signal?.addEventListener('abort', () => void close(), { once: true });
  return chatFeed(ctx, parseEventId(lastEventId), queue, close);
}

async function* chatFeed(ctx: ServiceContext, after: number | undefined, queue: AsyncIterable<LiveEvent>, close: () => Promise<void>) {
  try {
    const seen = new Set<number>();
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
