/** The one mapping from domain error codes to HTTP statuses (the table in docs/rest-api.md), and of database conflicts to domain errors. */
import { UNIQUE_INDEXES, uniqueViolationOf } from '@crm/db';
import { CONFLICT_MESSAGES, DomainError, type DomainErrorCode } from '@crm/domain';

/** What each unique index means to the person who ran into it. */
const UNIQUE_CONFLICTS: Record<string, string> = {
  [UNIQUE_INDEXES.userEmail]: CONFLICT_MESSAGES.emailTaken,
  [UNIQUE_INDEXES.username]: CONFLICT_MESSAGES.usernameTaken,
  [UNIQUE_INDEXES.customRoleName]: CONFLICT_MESSAGES.roleNameTaken,
  [UNIQUE_INDEXES.trackingLead]: CONFLICT_MESSAGES.trackingExists,
};

/**
 * A write that lost a race past a service's own check breaks a unique index: that is a 409
 * with the same Spanish message the check gives, on every transport, never a 500.
 */
export function toDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const constraint = uniqueViolationOf(error);
  if (constraint === undefined) return undefined;
  return new DomainError('CONFLICT', UNIQUE_CONFLICTS[constraint] ?? 'Ya existe un registro con esos datos');
}

export function httpStatusFor(code: DomainErrorCode): number {
  switch (code) {
    case 'BAD_REQUEST':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'TOO_MANY_REQUESTS':
      return 429;
  }
}
