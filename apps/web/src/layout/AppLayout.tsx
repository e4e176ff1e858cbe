/** The signed-in frame: a fixed sidebar on wide screens, a burger menu on phones. */
import { ActionIcon, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { CommandPaletteLoader } from '../features/search/components/CommandPaletteLoader';
import { openCommandPalette } from '../features/search/palette-opener';
import { NotificationAlerts } from '../features/notifications/components/NotificationAlerts';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import { SetupOffer } from '../features/settings/components/SetupOffer';
import { Sidebar } from './Sidebar';
import { useIsPhone } from '../lib/use-is-phone';

/** The sidebar is 64 units wide (64 × 4 px). */
const SIDEBAR_WIDTH = 256;

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The top bar with the burger exists only below Mantine's 'sm' breakpoint (48em).
  const isPhone = useIsPhone();
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56, collapsed: !isPhone }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label="Abrir menú" />
          <Text fw={700} style={{ flex: 1 }}>
            CRM Ventas
          </Text>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Buscar" onClick={openCommandPalette}>
            <IconSearch size={20} />
          </ActionIcon>
          {isPhone ? <NotificationBell /> : null}
        </Group>
      </AppShell.Header>
      <NotificationAlerts />
      <AppShell.Navbar>
        <Sidebar onNavigate={close} bell={isPhone ? null : <NotificationBell />} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
      <CommandPaletteLoader />
      <SetupOffer />
    </AppShell>
  );
}
