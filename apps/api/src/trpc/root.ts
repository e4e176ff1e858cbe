/** The app's tRPC router: a plain name → feature router map. The web app imports only its type. */
import { authRouter } from '../modules/auth/auth.router.js';
import { usersRouter } from '../modules/users/users.router.js';
import { router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
