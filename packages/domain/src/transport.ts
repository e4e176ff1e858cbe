/** Limits the API and the web client must agree on. */

/** Calls in one tRPC HTTP batch: the server refuses more (400), the web client never sends more. */
export const TRPC_MAX_BATCH_SIZE = 10;

/** Chat: message length, frame size, send rate, and how the live socket reconnects (docs/live-protocol.md). */
export const CHAT_LIMITS = {
  maxMessageLength: 4000,
  /** A frame larger than this is refused before it is parsed. */
  maxFrameBytes: 65_536,
  /** Per sender, across REST, tRPC and /ws alike. */
  rate: { messages: 20, windowMs: 10_000 },
  reconnectDelayMs: 3000,
  /** A close with this code is deliberate (logout), so the client does not reconnect. */
  normalCloseCode: 1000,
} as const;
