/** The left column 'Miembros del Equipo': contacts by latest conversation, and the new-chat button. */
import type { ChatContact } from '@crm/domain';
import { ActionIcon, Card, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ContactRow } from './ContactRow';
import classes from './Chat.module.css';

export function ContactList({
  contacts,
  viewerId,
  selectedId,
  onSelect,
  onNewChat,
}: {
  contacts: ChatContact[];
  viewerId: number;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onNewChat: () => void;
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
