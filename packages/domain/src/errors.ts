/** The one error type services throw; each transport maps its code to a status once. */
export type DomainErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'TOO_MANY_REQUESTS';

export interface DomainIssue {
  path: (string | number)[];
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly issues?: DomainIssue[],
    /** Extra fields of the answer, e.g. the existing lead a duplicate names (REST: beside `message`; tRPC: `data.details`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const FORBIDDEN_MESSAGE = 'No tienes permisos para realizar esta acción';

/** The 409s a service's own check gives, and the same words when a race reaches the unique index instead. */
export const CONFLICT_MESSAGES = {
  emailTaken: 'Ya existe un usuario con ese email',
  usernameTaken: 'Ya existe un usuario con ese nombre de usuario',
  roleNameTaken: 'Ya existe un rol con ese identificador',
  trackingExists: 'Este lead ya tiene un seguimiento registrado',
} as const;
