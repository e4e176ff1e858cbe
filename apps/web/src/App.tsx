/** Decides between the login screen and the signed-in app, from the current session. */
import type { AppRouter } from '@crm/api';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CurrentUserContext } from './auth/CurrentUserContext';
import { LoginPage } from './auth/LoginPage';
import { PageLoader } from './components/PageLoader';
import { lazyScreen } from './lib/lazy-screen';
import { useTRPC } from './lib/trpc';
import { handleUnauthorized } from './lib/unauthorized';

// Rare pages (a reset link, a role's required 2FA) stay out of the first load of the login screen.
const PasswordResetPage = lazy(() =>
  import('./features/security/components/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })),
);
const EnrolmentRequiredPage = lazy(() =>
  import('./features/security/components/EnrolmentRequiredPage').then((m) => ({ default: m.EnrolmentRequiredPage })),
);
const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazyScreen(loadSignedInApp);

/**
 * Loads the signed-in shell's chunk through its lazy screen (which then renders at once) and, once it
 * is there, the current address's screen; a failed load is left to the lazy screen, which retries.
 */
async function preloadSignedInApp(): Promise<void> {
  if (!(await SignedInApp.preload())) return;
  const { preloadScreen } = await loadSignedInApp();
  await preloadScreen(window.location.pathname);
}

/** Whether this browser's last visit ended signed in: not the session (an httpOnly cookie), only a guess for preloading. */
const SIGNED_IN_HINT = 'crm:signed-in';

function readSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (private mode): the app only loads later.
  }
}

/** The page of a one-time password reset link (an admin hands it over): open signed in or not. */
const PASSWORD_RESET_PREFIX = '/restablecer/';

/**
 * Set by the server on index.html (apps/api/src/http/web-app.ts): "1" when a session cookie came with
 * it (not whether it is valid), "0" when none did, so there is no session to ask about. Absent when
 * something else serves the page (Vite's dev server).
 */
const SESSION_HINT_SELECTOR = 'meta[name="crm-session"]';

function sessionCookieHint(): boolean | undefined {
  const content = document.querySelector<HTMLMetaElement>(SESSION_HINT_SELECTOR)?.content;
  return content === '1' ? true : content === '0' ? false : undefined;
}

/**
 * How long the first render waits for a signed-in visit's shell, screen and session: on a phone they
 * arrive well within it, and the screen then paints once, complete, instead of a loader per level.
 * Past it, the loaders show while the rest arrives.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Called before the first render. Without a session cookie the login form shows without asking the
 * server; a visit that is most likely signed in loads the app's chunks and the session together, and
 * the returned promise lets the first render wait for them (at most FIRST_SCREEN_WAIT_MS). A visit to
 * the login screen leaves the app's chunks out (a phone downloads and runs only the form) until the
 * person types. An address other than '/' is a section (a link, a bookmark, a reload): signed in, nearly always.
 */
export function prepareFirstScreen(queryClient: QueryClient, trpc: TRPCOptionsProxy<AppRouter>): Promise<void> {
  const cookie = sessionCookieHint();
  if (cookie === false) {
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    return Promise.resolve();
  }
  const { pathname } = window.location;
  const likely = cookie === true || readSignedInHint() || pathname !== '/';
  if (!likely || pathname.startsWith(PASSWORD_RESET_PREFIX)) return Promise.resolve();
  const ready = Promise.all([preloadSignedInApp(), queryClient.prefetchQuery(trpc.auth.me.queryOptions())]);
  const patience = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  return Promise.race([ready, patience]).then(() => undefined);
}

export function App() {
  const trpc = useTRPC();
  const location = useLocation();
  const me = useQuery(trpc.auth.me.queryOptions());
  const resetToken = location.pathname.startsWith(PASSWORD_RESET_PREFIX) ? location.pathname.slice(PASSWORD_RESET_PREFIX.length) : null;
  const signedOutElsewhere = !me.isPending && !me.data && location.pathname !== '/' && resetToken === null;

  useEffect(() => {
    if (!me.isPending) writeSignedInHint(Boolean(me.data));
  }, [me.isPending, me.data]);

  useEffect(() => {
    // A signed-out visit to a section shows the toast, then goes to /api/login (→ '/').
    if (signedOutElsewhere) handleUnauthorized();
  }, [signedOutElsewhere]);

  if (resetToken !== null) {
    return (
      <Suspense fallback={<PageLoader />}>
        <PasswordResetPage token={resetToken} />
      </Suspense>
    );
  }
  if (me.isPending) return <PageLoader />;
  if (!me.data) return signedOutElsewhere ? <PageLoader /> : <LoginPage onTyping={() => void preloadSignedInApp()} />;
  if (me.data.mustEnrolTwoFactor) {
    return (
      <Suspense fallback={<PageLoader />}>
        <EnrolmentRequiredPage />
      </Suspense>
    );
  }
  return (
    <CurrentUserContext.Provider value={me.data}>
      <Suspense fallback={<PageLoader />}>
        <SignedInApp />
      </Suspense>
    </CurrentUserContext.Provider>
  );
}
