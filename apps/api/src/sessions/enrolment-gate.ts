/**
 * A user whose role requires a second factor they have not set up may only enrol (and see who
 * they are, and sign out): every other call, on every transport, is this Spanish 403.
 */
import { DomainError, TWO_FACTOR_MESSAGES } from '@crm/domain';
import type { Viewer } from '../context.js';

export function refuseUntilEnrolled(viewer: Viewer): void {
  if (viewer.mustEnrolSecondFactor) throw new DomainError('FORBIDDEN', TWO_FACTOR_MESSAGES.enrolFirst);
}
