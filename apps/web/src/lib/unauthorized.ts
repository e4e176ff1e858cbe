/** The spec's signed-out flow: a toast, then /api/login after 500 ms. */
import { notifyError } from './notify';

const LOGOUT_REDIRECT_DELAY_MS = 500;
let redirecting = false;

export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  notifyError('Unauthorized', 'You are logged out. Logging in again...');
  window.setTimeout(() => window.location.assign('/api/login'), LOGOUT_REDIRECT_DELAY_MS);
}
