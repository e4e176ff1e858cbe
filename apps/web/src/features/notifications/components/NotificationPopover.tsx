/** The bell's panel: the newest notifications (click opens the thing); loaded with the bell's first click (NotificationBell). */
import { formatRelativeTime, type Notification } from '@crm/domain';
import { Box, Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useNotifications } from '../hooks/useNotifications';
import { BellButton } from './BellButton';
import classes from './NotificationBell.module.css';

/** Mounted by the bell's first click, so it starts open. */
export function NotificationPopover() {
  const [opened, setOpened] = useState(true);
  const { list, unreadCount, open, markAllRead, markingAll } = useNotifications();

  const choose = (notification: Notification) => {
    setOpened(false);
    open(notification);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width="min(380px, calc(100vw - 16px))" shadow="md" withinPortal>
      <Popover.Target>
        <BellButton unreadCount={unreadCount} onClick={() => setOpened((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" p="sm" className={classes.header}>
          <Text fw={700} component="h2" size="md" m={0}>
            Notificaciones
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={unreadCount === 0} loading={markingAll} onClick={markAllRead}>
            Marcar todas como leídas
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          {list.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Cargando notificaciones" />
            </Group>
          ) : list.isError ? (
            <Text p="md" size="sm" c="red.8">
              No se pudieron cargar las notificaciones
            </Text>
          ) : list.data.length === 0 ? (
            <Text p="md" size="sm" c="dimmed" ta="center">
              No tienes notificaciones
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list} aria-label="Notificaciones recientes">
              {list.data.map((notification) => (
                <li key={notification.id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={notification.readAt === null || undefined}
                    onClick={() => choose(notification)}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Box className={classes.dot} aria-hidden />
                      <Box style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" fw={notification.readAt === null ? 700 : 500}>
                          {notification.title}
                          {notification.readAt === null ? <span className={classes.hidden}> (sin leer)</span> : null}
                        </Text>
                        {notification.body ? (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {notification.body}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {formatRelativeTime(notification.createdAt)}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
