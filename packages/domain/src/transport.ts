/** Limits the API and the web client must agree on. */

/** Calls in one tRPC HTTP batch: the server refuses more (400), the web client never sends more. */
export const TRPC_MAX_BATCH_SIZE = 10;
