/**
 * The web app's live feed (tRPC `live.onEvent`): every signed-in user's one subscription, for
 * every event meant for them (leads, notifications, imports, follow-ups; chat with 'chat.use').
 * It registers with the hub before it reads the chat back-log, so nothing sent in between is
 * missed, and skips live copies of messages the back-log already gave: a client resuming from
 * `lastEventId` sees each message once. Every live event reaches it in the shape it was published in.
 */
import { listMessagesOfUserAfter } from '@crm/db';
import { type Action, can, type ChatMessage } from '@crm/domain';
import { tracked } from '@trpc/server';
import type { ServiceContext } from '../context.js';
import type { LiveEvent, LiveEventType } from './live-events.js';
import { createLiveQueue } from './live-queue.js';

const BACKLOG_PAGE = 500;

/** After the back-log comes `synced`: the client knows it is live and refreshes read states. */
type FeedEvent = Exclude<LiveEvent, { type: 'chat' }> | { type: 'synced' };

/** The chat's own events, which need 'chat.use' as the chat screen does; every other event's audience was chosen by its publisher. */
const CHAT_EVENT_TYPES: ReadonlySet<LiveEventType> = new Set(['chat', 'read', 'typing', 'channel', 'presence']);

/** Which event types a viewer's feed takes, given what the viewer may do. */
export function feedAccepts(may: (action: Action) => boolean): (type: LiveEventType) => boolean {
  const chat = may('chat.use');
  return (type) => chat || !CHAT_EVENT_TYPES.has(type);
}

/**
 * Registers first (a session over its connection cap is refused here, as a clear error
 * before the feed starts), then returns the feed.
 */
export async function openLiveFeed(ctx: ServiceContext, lastEventId: string | null | undefined, signal: AbortSignal | undefined) {
  const accepts = feedAccepts((action) => can(ctx.viewer.user, action));
  const queue = createLiveQueue<LiveEvent>(signal);
  const close = await ctx.live.open({
    userId: ctx.viewer.user.id,
    sessionId: ctx.viewer.sessionId,
    accepts,
    deliver: (event) => queue.push(event),
    end: () => queue.end(),
  });
  // A feed aborted before its first pull never runs its `finally`.
  signal?.addEventListener('abort', () => void close(), { once: true });
  // Without the chat there is no chat back-log to replay.
  return liveFeed(ctx, accepts('chat') ? parseEventId(lastEventId) : undefined, queue, close);
}

async function* liveFeed(ctx: ServiceContext, after: number | undefined, queue: AsyncIterable<LiveEvent>, close: () => Promise<void>) {
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
    yield { type: 'synced' } as FeedEvent;
    for await (const event of queue) {
      if (event.type !== 'chat') {
        yield event as FeedEvent;
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
