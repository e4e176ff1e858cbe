/** Reads the password step's answer for a user with a second factor: the challenge for the code step. */
import { TRPCClientError } from '@trpc/client';

export function secondFactorChallengeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const details = (error.data as { details?: { secondFactorRequired?: boolean; challenge?: unknown } } | undefined)?.details;
  return details?.secondFactorRequired === true && typeof details.challenge === 'string' ? details.challenge : undefined;
}
