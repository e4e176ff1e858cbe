/**
 * Everything the signed-in app adds around its screens (the live feed, sidebar, notifications, the
 * routes): its own chunk, so the login screen loads without it.
 */
import { LiveProvider } from './features/live/LiveProvider';
import { AppLayout } from './layout/AppLayout';
import { AppRoutes } from './router';

export default function SignedInApp() {
  return (
    <LiveProvider>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </LiveProvider>
  );
}
