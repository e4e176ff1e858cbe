/** Decides between the login screen and the signed-in app, from the current session. */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CurrentUserContext } from './auth/CurrentUserContext';
import { LoginPage } from './auth/LoginPage';
import { PageLoader } from './components/PageLoader';
import { lazyScreen } from './lib/lazy-screen';
import { useTRPC } from './lib/trpc';
import { handleUnauthorized } from './lib/unauthorized';

const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazyScreen(loadSignedInApp);

export function App() {
  const trpc = useTRPC();
  const location = useLocation();
  const me = useQuery(trpc.auth.me.queryOptions());
  const signedOutElsewhere = !me.isPending && !me.data && location.pathname !== '/';

  // Most visits are signed in: the app's chunk loads while the session is checked, not after it.
  // A failure here is left to the lazy screen, which retries when it renders.
  useEffect(() => {
    loadSignedInApp().catch(() => undefined);
  }, []);

  useEffect(() => {
    // A signed-out visit to a section shows the toast, then goes to /api/login (→ '/').
    if (signedOutElsewhere) handleUnauthorized();
  }, [signedOutElsewhere]);

  if (me.isPending) return <PageLoader />;
  if (!me.data) return signedOutElsewhere ? <PageLoader /> : <LoginPage />;
  return (
    <CurrentUserContext.Provider value={me.data}>
      <Suspense fallback={<PageLoader />}>
        <SignedInApp />
      </Suspense>
    </CurrentUserContext.Provider>
  );
}
