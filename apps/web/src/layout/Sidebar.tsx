/** The fixed sidebar: role-filtered items, active highlight, and the user footer. */
import { canSee, fullName, systemRoleLabel } from '@crm/domain';
import { ActionIcon, Badge, Box, Button, Group, Kbd, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { useLogout } from '../auth/useLogout';
import { UserAvatar } from '../components/UserAvatar';
import { openCommandPalette } from '../features/search/palette-opener';
import { NAV_ITEMS } from './nav-items';
import { useNavBadges } from './useNavBadges';
import classes from './Sidebar.module.css';

/** `bell`: the notification bell, here on wide screens (the phone's top bar holds it there). */
export function Sidebar({ onNavigate, bell }: { onNavigate: () => void; bell?: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  const logout = useLogout();
  const badges = useNavBadges();
  const name = fullName(user.firstName, user.lastName);

  return (
    <Stack h="100%" gap={0}>
      <Box p="md" className={classes.brand}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Box>
            <Text fw={700} size="lg">
              CRM Ventas
            </Text>
            <Text size="xs" c="dimmed">
              Sistema de Gestión de Ventas
            </Text>
          </Box>
          {bell}
        </Group>
        <Button
          mt="sm"
          fullWidth
          variant="default"
          justify="space-between"
          leftSection={<IconSearch size={16} />}
          rightSection={
            <Kbd size="xs" className={classes.shortcut}>
              Ctrl K
            </Kbd>
          }
          onClick={openCommandPalette}
        >
          Buscar
        </Button>
      </Box>
      {/* A plain scrolling box: Mantine's ScrollArea shares a module with the popovers' positioning code, which every screen would then load. */}
      <Box style={{ flex: 1, overflowY: 'auto' }} p="xs">
        <nav aria-label="Navegación principal">
          {NAV_ITEMS.filter((item) => canSee(user.systemRole, item.screen)).map((item) => {
            const active = item.path === '/' ? location.pathname === '/' : location.pathname.startsWith(item.path);
            const badge = badges[item.path];
            return (
              <NavLink
                key={item.path}
                component={RouterLink}
                to={item.path}
                label={item.label}
                active={active}
                onClick={onNavigate}
                leftSection={<item.icon size={18} stroke={1.7} />}
                rightSection={
                  badge ? (
                    <Badge size="sm" color="red" circle={badge.text.length === 1} aria-label={badge.label}>
                      {badge.text}
                    </Badge>
                  ) : undefined
                }
                className={classes.link}
              />
            );
          })}
        </nav>
      </Box>
      <Group p="md" gap="sm" wrap="nowrap" className={classes.footer}>
        <UserAvatar user={user} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="sidebar-user-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {systemRoleLabel(user.systemRole)}
          </Text>
          <Group gap={4}>
            <Box className={classes.onlineDot} />
            <Text size="xs" c="teal.7">
              En línea
            </Text>
          </Group>
        </Box>
        {/* A tooltip in CSS: Mantine's would bring its positioning code into every screen's first load. */}
        <span className={classes.hint} data-hint="Cerrar sesión">
          <ActionIcon variant="subtle" color="gray" aria-label="Cerrar sesión" loading={logout.isPending} onClick={() => logout.mutate()}>
            <IconLogout size={18} />
          </ActionIcon>
        </span>
      </Group>
    </Stack>
  );
}
