/** Decides between the login screen and the signed-in app, from the current session. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CurrentUserContext } from './auth/CurrentUserContext';
import { LoginPage } from './auth/LoginPage';
import { ChatLiveProvider } from './features/chat/hooks/ChatLiveProvider';
import { PageLoader } from './components/PageLoader';
import { AppLayout } from './layout/AppLayout';
import { useTRPC } from './lib/trpc';
import { handleUnauthorized } from './lib/unauthorized';
import { AppRoutes } from './router';

export function App() {
  const trpc = useTRPC();
  const location = useLocation();
  const me = useQuery(trpc.auth.me.queryOptions());
  const signedOutElsewhere = !me.isPending && !me.data && location.pathname !== '/';

  useEffect(() => {
    // A signed-out visit to a section shows the toast, then goes to /api/login (→ '/').
    if (signedOutElsewhere) handleUnauthorized();
  }, [signedOutElsewhere]);

  if (me.isPending) return <PageLoader />;
  if (!me.data) return signedOutElsewhere ? <PageLoader /> : <LoginPage />;
  return (
    <CurrentUserContext.Provider value={me.data}>
      <ChatLiveProvider>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </ChatLiveProvider>
    </CurrentUserContext.Provider>
  );
}
