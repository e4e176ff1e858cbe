/** The REST routes not yet declared as endpoints (endpoints/all.ts): each feature contributes its list. */
import { passwordResetRestRoutes } from '../modules/auth/password-reset.rest.js';
import { twoFactorRestRoutes } from '../modules/auth/two-factor.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [...twoFactorRestRoutes, ...passwordResetRestRoutes];
