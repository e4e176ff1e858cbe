/** Web entry: Mantine, toasts, TanStack Query, tRPC and the router around the App. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { AppRouter } from '@crm/api';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, prepareFirstScreen } from './App';
import { OfflineBanner } from './components/OfflineBanner';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { Toasts } from './components/Toasts';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { theme } from './theme';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

function Root() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      <OfflineBanner />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <BrowserRouter>
            <ScreenErrorBoundary>
              <App />
            </ScreenErrorBoundary>
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
void prepareFirstScreen(queryClient, createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })).then(() => {
  const root = createRoot(container);
  // As a transition React renders the first screen in slices, answering input between them: in one
  // go it held a phone's main thread for over half a second (issue 25's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
});
