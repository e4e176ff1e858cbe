/**
 * Chat sends over the tRPC WebSocket pass the socket's gate first, before the session is
 * read again or anything else touches the database; over HTTP it lets everything through.
 */
import { TRPCError } from '@trpc/server';
import { publicProcedure } from './init.js';

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
