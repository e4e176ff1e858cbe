/** The fixed sidebar: role-filtered items, active highlight, and the user footer. */
import { canSee, systemRoleLabel } from '@crm/domain';
import { ActionIcon, Badge, Box, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { useLogout } from '../auth/useLogout';
import { UserAvatar } from '../components/UserAvatar';
import { NAV_ITEMS } from './nav-items';
import { useNavBadges } from './useNavBadges';
import classes from './Sidebar.module.css';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const location = useLocation();
  const logout = useLogout();
  const badges = useNavBadges();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Usuario';

  return (
    <Stack h="100%" gap={0}>
      <Box p="md" className={classes.brand}>
        <Text fw={700} size="lg">
          CRM Ventas
        </Text>
        <Text size="xs" c="dimmed">
          Sistema de Gestión de Ventas
        </Text>
      </Box>
      <ScrollArea style={{ flex: 1 }} p="xs">
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
                    <Badge size="sm" color="red" circle={badge.length === 1} aria-label={`${badge} sin leer`}>
                      {badge}
                    </Badge>
                  ) : undefined
                }
                className={classes.link}
              />
            );
          })}
        </nav>
      </ScrollArea>
      <Group p="md" gap="sm" wrap="nowrap" className={classes.footer}>
        <UserAvatar user={user} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="sidebar-user-name">
            {fullName}
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
        <Tooltip label="Cerrar sesión">
          <ActionIcon variant="subtle" color="gray" aria-label="Cerrar sesión" loading={logout.isPending} onClick={() => logout.mutate()}>
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
