/**
 * Gates in memory for calls that arrive over the tRPC WebSocket, placed before the session
 * is read again or anything else touches the database: a flood on one socket is refused
 * without costing the database a query. Over HTTP they let everything through.
 */
import { TRPCError } from '@trpc/server';
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

/** Live feeds: a session already at its cap is refused here; the hub checks again when the feed opens. */
export const socketFeedGate = publicProcedure.use(({ ctx, next }) => {
  const refusal = ctx.viewer && ctx.live.refusalForNewConnection(ctx.viewer.sessionId);
  if (refusal) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: refusal });
  return next();
});
