/** One custom role: colour edge, display name, identifier badge, description, edit and delete. */
import type { CustomRole } from '@crm/domain';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RoleCardProps {
  role: CustomRole;
  onEdit: () => void;
  onDelete: () => void;
}

export function RoleCard({ role, onEdit, onDelete }: RoleCardProps) {
  return (
    <Card data-testid="role-card" aria-label={role.displayName} style={{ borderLeft: `5px solid ${role.color}` }} h="100%">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} miw={0}>
            <Text fw={700} truncate>
              {role.displayName}
            </Text>
            <Badge variant="light" color="gray" tt="none" style={{ alignSelf: 'flex-start' }}>
              {role.name}
            </Badge>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar rol ${role.displayName}`} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Eliminar">
              <ActionIcon variant="subtle" color="red" aria-label={`Eliminar rol ${role.displayName}`} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {role.description || 'Sin descripción'}
        </Text>
      </Stack>
    </Card>
  );
}
