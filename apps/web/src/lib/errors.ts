/** Reading errors from tRPC calls: the Spanish server message, and whether the session is gone. */
import { TRPCClientError } from '@trpc/client';

export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

/** Whether the server said this request had no valid session (401, or the message 'Unauthorized'). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && error.message === 'Unauthorized';
}

/** Whether the server said the thing asked for does not exist, or not for the viewer (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
}

/** Whether the failure came from the network or a 5xx rather than from a rule. */
export function isServerFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === undefined || status >= 500;
}
