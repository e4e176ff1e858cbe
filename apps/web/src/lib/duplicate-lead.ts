/** The lead a 409 'Ya existe un lead con …' names (DomainError details.existingLead), for the dialogs' 'Ver lead'. */
import { TRPCClientError } from '@trpc/client';

export interface ExistingLead {
  id: number;
  name: string;
}

export function existingLeadOf(error: unknown): ExistingLead | null {
  if (!(error instanceof TRPCClientError)) return null;
  const details = (error.data as { details?: { existingLead?: ExistingLead } } | undefined)?.details;
  return details?.existingLead ?? null;
}
