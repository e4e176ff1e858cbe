/**
 * Everything the signed-in app adds around its screens (the live feed, sidebar, notifications, the
 * routes): its own chunk, so the login screen loads without it.
 */
import { LiveProvider } from './features/live/LiveProvider';
import { AppLayout } from './layout/AppLayout';
import { AppRoutes } from './router';

// The entry starts the current address's screen with this chunk, not after the session check (App.tsx).
export { preloadScreen } from './screens';

export default function SignedInApp() {
  return (
    <LiveProvider>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </LiveProvider>
  );
}
