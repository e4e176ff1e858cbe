/** 'Mostrando leads del grupo: {name}' with 'Ver todos', while a group filters the lists. */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useLeadGroups } from '../hooks/useLeadQueries';

export function GroupFilterLine({ groupId, onClear }: { groupId: number; onClear: () => void }) {
  const groups = useLeadGroups(true);
  const group = groups.data?.find((candidate) => candidate.id === groupId);
  const name = groups.isPending ? '...' : (group?.name ?? 'grupo no encontrado');
  return (
    <Alert color="indigo" variant="light" icon={<IconFolder size={18} />} mb="md" py="xs">
      <Group gap="xs" justify="space-between">
        <Text size="sm" style={{ overflowWrap: 'break-word' }}>
          Mostrando leads del grupo: <strong>{name}</strong>
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onClear}>
          Ver todos
        </Anchor>
      </Group>
    </Alert>
  );
}
