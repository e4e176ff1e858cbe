/** Web entry: Mantine, toasts, TanStack Query, tRPC and the router around the App. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { theme } from './theme';
import 'dayjs/locale/es';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* One toast at a time, 5 s (lib/notify.ts replaces the one shown). */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
