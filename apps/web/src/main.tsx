/** Web entry: Mantine, toasts, TanStack Query, tRPC and the router around the App. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadLikelySignedInVisit } from './App';
import { OfflineBanner } from './components/OfflineBanner';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { Toasts } from './components/Toasts';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { theme } from './theme';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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

preloadLikelySignedInVisit();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
