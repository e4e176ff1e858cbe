/** tRPC `live`: the app-wide live feed every signed-in user opens once (docs/live-protocol.md). */
import { z } from 'zod';
import { subscription } from '../endpoints/endpoint.js';
import { routerOf } from '../endpoints/trpc-adapter.js';
import { authedProcedure } from '../trpc/init.js';
import { socketFeedGate } from '../trpc/socket-gates.js';
import { openLiveFeed } from './live-feed.js';

/** Where a reopened feed resumes: the last event it got. */
export const LIVE_FEED_INPUT = z.object({ lastEventId: z.string().max(20).nullish() }).optional();

/** `onEvent({ lastEventId? })`; also reachable as `chat.onEvent`, its name before the feed left the chat. */
export const liveFeedProcedure = socketFeedGate
  .concat(authedProcedure)
  .input(LIVE_FEED_INPUT)
  .subscription(({ ctx, input, signal }) => openLiveFeed(ctx, input?.lastEventId, signal));

export const liveSubscriptions = [
  subscription({
    name: 'live.onEvent',
    summary: 'El canal en vivo de la aplicación: avisos, chat, leads, presencia (solo por la conexión en vivo)',
    description: 'Con `lastEventId`, reanuda tras el último evento recibido (docs/live-protocol.md).',
    permission: 'authenticated',
    input: LIVE_FEED_INPUT,
    procedure: liveFeedProcedure,
  }),
] as const;

export const liveRouter = routerOf(liveSubscriptions);
