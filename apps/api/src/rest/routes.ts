/** The REST routes not yet declared as endpoints (endpoints/all.ts): each feature contributes its list. */
import { chatRestRoutes } from '../modules/chat/chat.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [
  ...chatRestRoutes,
];
