/**
 * Gates in memory placed before anything else touches the database: a flood of chat sends
 * (on one socket, or over HTTP with one session) or of live feeds is refused without costing
 * the database a query.
 */
import { TRPCError } from '@trpc/server';
import { sessionFrameGate } from '../live/frame-gate.js';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../live/live-hub.js';
import { publicProcedure } from './init.js';

/** Chat sends: the socket's own allowance, or the session's over HTTP (the database's count per sender stays the rule). */
export const chatSendGate = publicProcedure.use(async ({ ctx, next }) => {
  const gate = ctx.socketGate ?? (ctx.viewer ? sessionFrameGate(ctx.viewer.sessionId) : undefined);
  return gate ? gate.run(next) : next();
});

/** Live feeds: a place under the session's cap is held while the feed opens; without one it is refused here. */
export const socketFeedGate = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.viewer || ctx.transport !== 'websocket') return next();
  const release = ctx.live.holdPlace(ctx.viewer.sessionId);
  if (!release) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_CONNECTIONS_MESSAGE });
  try {
    return await next();
  } finally {
    release();
  }
});
