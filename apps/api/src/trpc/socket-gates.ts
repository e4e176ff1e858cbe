/**
 * Gates in memory placed before anything else touches the database: a flood of chat sends
 * (on one socket, or over HTTP with one session) or of live feeds is refused without costing
 * the database a query.
 */
import { TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import { DomainError } from '@crm/domain';
import { refuseSessionFlood, sessionFrameGate } from '../live/frame-gate.js';
import { hashToken } from '../sessions/session.js';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../live/live-hub.js';
import { gateProcedure } from './init.js';

/** Chat sends: the socket's own allowance, or the session's over HTTP (the database's count per sender stays the rule). */
export const chatSendGate = gateProcedure.use(async ({ ctx, next }) => {
  const gate = ctx.socketGate ?? (ctx.viewer ? sessionFrameGate(ctx.viewer.sessionId, ctx.env.CHAT_RATE_PER_10S) : undefined);
  return gate ? gate.run(next) : next();
});

const CHAT_SEND_PATH = 'chat.send';

/**
 * Over HTTP the context reads the session before any procedure runs: a request of nothing but chat
 * sends whose session gate (keyed on the cookie's hash) has no room is refused first, without that
 * read. Every other call, and every send the gate would let through, goes the usual way.
 */
export async function refuseSendFloodBeforeSession(info: TRPCRequestInfo, token: string | undefined): Promise<void> {
  if (!token || info.calls.length === 0 || !info.calls.every((call) => call.path === CHAT_SEND_PATH)) return;
  try {
    await refuseSessionFlood(hashToken(token));
  } catch (error) {
    // Its details (the Retry-After) travel with it, as a procedure's DomainError's do.
    if (error instanceof DomainError) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message, cause: error });
    throw error;
  }
}

/** Live feeds: a place under the session's cap is held while the feed opens; without one it is refused here. */
export const socketFeedGate = gateProcedure.use(async ({ ctx, next }) => {
  if (!ctx.viewer || ctx.transport !== 'websocket') return next();
  const release = ctx.live.holdPlace(ctx.viewer.sessionId);
  if (!release) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_CONNECTIONS_MESSAGE });
  try {
    return await next();
  } finally {
    release();
  }
});
