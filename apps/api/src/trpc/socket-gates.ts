/**
 * Gates in memory for calls that arrive over the tRPC WebSocket, placed before the session
 * is read again or anything else touches the database: a flood on one socket is refused
 * without costing the database a query. Over HTTP they let everything through.
 */
import { TRPCError } from '@trpc/server';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../live/live-hub.js';
import { publicProcedure } from './init.js';

/** Chat sends: the socket's own allowance (the database's count per sender stays the rule). */
export const socketSendGate = publicProcedure.use(async ({ ctx, next }) => {
  const gate = ctx.socketGate;
  if (!gate) return next();
  const refusal = gate.admit();
  if (refusal) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: refusal });
  try {
    return await next();
  } finally {
    gate.done();
  }
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
