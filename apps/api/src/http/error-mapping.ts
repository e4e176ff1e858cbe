/** The one mapping from domain error codes to HTTP statuses (the table in docs/rest-api.md). */
import type { DomainErrorCode } from '@crm/domain';

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
