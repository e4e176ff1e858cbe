/** The left column 'Miembros del Equipo': the channels and groups first, then contacts by latest conversation; the new-chat and new-group buttons. */
import type { ChatChannel, ChatContact } from '@crm/domain';
import { ActionIcon, Card, Divider, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconUsersPlus } from '@tabler/icons-react';
import { ChannelRow } from './ChannelRow';
import { ContactRow } from './ContactRow';
import classes from './Chat.module.css';

export function ContactList({
  contacts,
  channels,
  viewerId,
  selectedId,
  selectedChannelId,
  onSelect,
  onSelectChannel,
  onNewChat,
  onNewGroup,
}: {
  contacts: ChatContact[];
  channels: ChatChannel[];
  viewerId: number;
  selectedId: number | undefined;
  selectedChannelId: number | undefined;
  onSelect: (id: number) => void;
  onSelectChannel: (id: number) => void;
  onNewChat: () => void;
  onNewGroup: () => void;
}) {
  return (
    <Card withBorder padding={0} className={classes.panel} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={2} size="h5">
          Miembros del Equipo
        </Title>
        <Tooltip label="Iniciar Nuevo Chat">
          <ActionIcon variant="light" aria-label="Iniciar Nuevo Chat" onClick={onNewChat}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea style={{ flex: 1 }} p="xs">
        <Group justify="space-between" px="sm" pt={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Canales y grupos
          </Text>
          <Tooltip label="Nuevo grupo">
            <ActionIcon variant="subtle" size="sm" aria-label="Nuevo grupo" onClick={onNewGroup}>
              <IconUsersPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Stack gap={2}>
          {channels.map((channel) => (
            <ChannelRow
              key={channel.id}
              channel={channel}
              viewerId={viewerId}
              selected={channel.id === selectedChannelId}
              onSelect={() => onSelectChannel(channel.id)}
            />
          ))}
        </Stack>
        <Divider my="xs" />
        {contacts.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            No hay contactos disponibles
          </Text>
        ) : (
          <Stack gap={2}>
            {contacts.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                viewerId={viewerId}
                selected={contact.id === selectedId}
                onSelect={() => onSelect(contact.id)}
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Card>
  );
}
