/** tRPC `live`: the app-wide live feed every signed-in user opens once (docs/live-protocol.md). */
import { z } from 'zod';
import { authedProcedure, router } from '../trpc/init.js';
import { socketFeedGate } from '../trpc/socket-gates.js';
import { openLiveFeed } from './live-feed.js';

/** `onEvent({ lastEventId? })`; also reachable as `chat.onEvent`, its name before the feed left the chat. */
export const liveFeedProcedure = socketFeedGate
  .concat(authedProcedure)
  .input(z.object({ lastEventId: z.string().max(20).nullish() }).optional())
  .subscription(({ ctx, input, signal }) => openLiveFeed(ctx, input?.lastEventId, signal));

export const liveRouter = router({ onEvent: liveFeedProcedure });
