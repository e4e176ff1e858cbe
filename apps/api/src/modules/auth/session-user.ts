/** The signed-in user as auth.me and GET /api/auth/user answer it: whether they must enrol first comes along. */
import type { SessionUser } from '@crm/domain';
import type { Viewer } from '../../context.js';

export function sessionUserOf(viewer: Viewer): SessionUser {
  return { ...viewer.user, mustEnrolTwoFactor: viewer.mustEnrolSecondFactor };
}
