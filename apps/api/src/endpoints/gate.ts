/** The permission an endpoint declares, checked by both transports before its handler. */
import { type Actor, DomainError, FORBIDDEN_MESSAGE, canAtAll } from '@crm/domain';
import type { Permission } from './endpoint.js';

/** Refuses with a 403 whoever may not do the declared action to anyone; the service checks the row. */
export function passGate(actor: Actor, permission: Permission): void {
  if (permission === 'public' || permission === 'authenticated') return;
  if (!canAtAll(actor, permission)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
}
