/** A lead group (the Grupos tab): lead count, role, name, description, dates, 'Ver Leads' and delete. */
import { type LeadGroup, formatCount } from '@crm/domain';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Hint } from '../../../components/hint/Hint';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useTeamFormat } from '../../../lib/useTeamFormat';

interface GroupCardProps {
  group: LeadGroup;
  canDelete: boolean;
  onShowLeads: (group: LeadGroup) => void;
  onDelete: (group: LeadGroup) => void;
}

export function GroupCard({ group, canDelete, onShowLeads, onDelete }: GroupCardProps) {
  const format = useTeamFormat();
  return (
    <Card data-testid="group-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Badge variant="light" color="indigo">
            {formatCount(group.leadCount, 'lead', 'leads')}
          </Badge>
          {group.assignedRole ? (
            <Badge variant="light" color={group.assignedRole.color}>
              {group.assignedRole.displayName}
            </Badge>
          ) : null}
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="lg" style={{ overflowWrap: 'break-word' }}>
            {group.name}
          </Text>
          {group.description ? (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'break-word' }}>
              {group.description}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Creado: {format.date(group.createdAt)}
          </Text>
          <Text size="xs" c="dimmed">
            Rol: {group.assignedRole ? group.assignedRole.displayName : 'Sin rol asignado'}
          </Text>
        </Stack>
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => onShowLeads(group)}>
            Ver Leads
          </Button>
          {canDelete ? (
            <Hint label="Eliminar grupo">
              <ActionIcon variant="subtle" color="red" aria-label="Eliminar grupo" onClick={() => onDelete(group)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Hint>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
