/** Decides between the login screen and the signed-in app, from the current session. */
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CurrentUserContext } from './auth/CurrentUserContext';
import { LoginPage } from './auth/LoginPage';
import { PageLoader } from './components/PageLoader';
import { lazyScreen } from './lib/lazy-screen';
import { useTRPC } from './lib/trpc';
import { handleUnauthorized } from './lib/unauthorized';

const loadSignedInApp = () => import('./SignedInApp');
// Rare pages (a reset link, a role's required 2FA) stay out of the first load of the login screen.
const PasswordResetPage = lazy(() =>
  import('./features/security/components/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })),
);
const EnrolmentRequiredPage = lazy(() =>
  import('./features/security/components/EnrolmentRequiredPage').then((m) => ({ default: m.EnrolmentRequiredPage })),
);
const SignedInApp = lazyScreen(loadSignedInApp);

/**
 * Starts the signed-in shell's chunk and, as soon as it is there, the current address's screen: both
 * load while the session is checked. A failure here is left to the lazy screens, which retry when they render.
 */
function preloadSignedInApp(): void {
  void loadSignedInApp().then(
    (module) => module.preloadScreen(window.location.pathname),
    () => undefined,
  );
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

/** Set by the server on index.html when a session cookie came with it (apps/api/src/http/web-app.ts); not whether it is valid. */
const SESSION_HINT_SELECTOR = 'meta[name="crm-session"]';

/**
 * Called before the first render: a visit that is most likely signed in loads the app's chunks while
 * the session is checked, not after it; a visit to the login screen leaves them out (a phone downloads
 * and runs only the form) until the person types. An address other than '/' is a section (a link, a
 * bookmark, a reload): signed in, nearly always.
 */
export function preloadLikelySignedInVisit(): void {
  const likely = readSignedInHint() || document.querySelector(SESSION_HINT_SELECTOR) !== null || window.location.pathname !== '/';
  if (likely && !window.location.pathname.startsWith(PASSWORD_RESET_PREFIX)) preloadSignedInApp();
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
  if (!me.data) return signedOutElsewhere ? <PageLoader /> : <LoginPage onTyping={preloadSignedInApp} />;
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
