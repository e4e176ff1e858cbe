/**
 * The documented live protocol at /ws (docs/live-protocol.md): JSON chat and typing frames in,
 * chat / read / typing / error frames out. A bad or over-rate frame gets an error frame and the socket stays
 * open; a frame over the size limit is refused by the socket itself (close 1009).
 */
import { CHAT_LIMITS, CHAT_MESSAGES, DomainError, type WsServerFrame, wsClientFrameSchema } from '@crm/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../http/viewer.js';
import { FrameGate } from '../../live/frame-gate.js';
import { SESSION_ENDED_REASON } from '../../live/live-hub.js';
import type { LiveEvent, LiveEventType } from '../../live/live-events.js';
import { frameText } from '../../ws/frame-text.js';
import { sendMessage } from './chat.service.js';
import { announceTyping } from './typing.service.js';

/** The live events the documented protocol carries: each is sent as it is, the same object the web app's feed gets. */
type WsEvent = Extract<LiveEvent, { type: 'chat' | 'read' | 'typing' }>;
const WS_EVENT_TYPES = new Set<LiveEventType>(['chat', 'read', 'typing'] satisfies WsEvent['type'][]);
/** Checked by the compiler: these live events are documented frames exactly as they are. */
const asFrame = (event: WsEvent): WsServerFrame => event;

/** One event goes to many sockets (a channel's members): its frame is serialised and encoded once. */
const encodedFrames = new WeakMap<WsEvent, Buffer>();
function encodedFrame(event: WsEvent): Buffer {
  let encoded = encodedFrames.get(event);
  if (encoded === undefined) {
    encoded = Buffer.from(JSON.stringify(asFrame(event)));
    encodedFrames.set(event, encoded);
  }
  return encoded;
}

export function registerChatSocket(app: FastifyInstance, ctx: AppContext): void {
  app.get('/ws', { websocket: true }, (socket, request) => {
    // Listeners first: frames that arrive while we register with the hub must not be dropped.
    // Frames are refused in memory (rate, pending bound) before any of them reaches the database.
    const gate = new FrameGate(ctx.env.CHAT_RATE_PER_10S);
    let work = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      const refusal = gate.admit();
      if (refusal) {
        sendFrame(socket, { type: 'error', message: refusal });
        return;
      }
      work = work
        .then(() => handleFrame(ctx, socket, request, frameText(data), isBinary))
        .catch((error: unknown) => request.log.error({ err: error }, 'chat frame not handled'))
        .finally(() => gate.done());
    });
    const ready = viewerOf(ctx, request)
      .then(async (viewer) => {
        if (!viewer) {
          socket.close(1008, 'Unauthorized');
          return undefined;
        }
        return ctx.live.open({
          userId: viewer.user.id,
          sessionId: viewer.sessionId,
          accepts: (type) => WS_EVENT_TYPES.has(type),
          // `accepts` lets only the protocol's types through.
          deliver: (event) => sendText(socket, encodedFrame(event as WsEvent)),
          end: () => socket.close(CHAT_LIMITS.normalCloseCode, SESSION_ENDED_REASON),
        });
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) {
          // Over the session's connection cap: a policy close the client can read.
          socket.close(1008, error.message);
          return undefined;
        }
        // Not registered (the database is unreachable): the client retries after its delay.
        request.log.error({ err: error }, 'live connection not registered');
        socket.close(1011, 'Error interno del servidor');
        return undefined;
      });
    socket.on('close', () => {
      void ready.then((close) => close?.()).catch((error: unknown) => request.log.error({ err: error }, 'live connection not closed'));
    });
  });
}

async function handleFrame(ctx: AppContext, socket: WebSocket, request: FastifyRequest, text: string, isBinary: boolean) {
  const frame = isBinary ? undefined : parseJson(text);
  const parsed = wsClientFrameSchema.safeParse(frame);
  if (!parsed.success) {
    // Only a chat frame with bad text gets the text's own message; anything else is just not a frame of ours.
    const isChatFrame = typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'chat';
    const textIssue = isChatFrame
      ? parsed.error.issues.find((issue) => issue.path[0] === 'content' || issue.message === CHAT_MESSAGES.empty)
      : undefined;
    sendFrame(socket, { type: 'error', message: textIssue?.message ?? CHAT_MESSAGES.badFrame });
    return;
  }
  const viewer = await viewerOf(ctx, request);
  if (!viewer) return;
  try {
    const serviceCtx = { ...ctx, log: request.log, viewer };
    const data = parsed.data;
    if (data.type === 'typing') {
      await announceTyping(serviceCtx, { receiverId: data.receiverId, channelId: data.channelId });
      return;
    }
    // The sender's own sockets receive the stored message through the bus, like the receiver's.
    const { content, type: _type, ...rest } = data;
    await sendMessage(serviceCtx, { ...rest, message: content });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHORIZED') {
      // The send checks the session: a frame that races the session's end closes the socket here.
      socket.close(CHAT_LIMITS.normalCloseCode, SESSION_ENDED_REASON);
    } else if (error instanceof DomainError) {
      sendFrame(socket, { type: 'error', message: error.message });
    } else {
      request.log.error({ err: error }, 'chat frame failed');
      sendFrame(socket, { type: 'error', message: 'No se pudo enviar el mensaje. Intenta de nuevo.' });
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sendFrame(socket: WebSocket, frame: WsServerFrame): void {
  sendText(socket, Buffer.from(JSON.stringify(frame)));
}

/** Sends UTF-8 JSON as a text frame (a Buffer would otherwise go out as binary). */
function sendText(socket: WebSocket, json: Buffer): void {
  if (socket.readyState === socket.OPEN) socket.send(json, { binary: false });
}
