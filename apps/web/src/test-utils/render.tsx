/**
 * Renders a component as the app does: Mantine with our theme and toasts, TanStack Query, the tRPC
 * context, a router at `route`, and the signed-in `user` when given. There is no server in unit tests:
 * any tRPC call fails with a message saying so, so a test never passes on an answer nobody gave.
 */
import type { User } from '@crm/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as testingLibraryRender } from '@testing-library/react';
import type { AppRouter } from '@crm/api';
import { TRPCClientError, createTRPCClient } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { CurrentUserContext } from '../auth/CurrentUserContext';
import { createQueryClient } from '../lib/query-client';
import { TRPCProvider } from '../lib/trpc';
import { theme } from '../theme';

export function createOfflineTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      () =>
        ({ op }) =>
          observable((observer) => {
            observer.error(new TRPCClientError(`Sin servidor en las pruebas unitarias: ${op.path}`));
          }),
    ],
  });
}

interface RenderOptions {
  user?: User;
  route?: string;
}

export function render(ui: ReactNode, { user, route = '/' }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  const trpcClient = createOfflineTrpcClient();
  const tree = (
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            <CurrentUserContext.Provider value={user ?? null}>{ui}</CurrentUserContext.Provider>
          </MemoryRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...testingLibraryRender(tree), queryClient };
}
