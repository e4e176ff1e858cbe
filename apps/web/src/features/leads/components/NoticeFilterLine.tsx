/** 'Mostrando los leads de tu aviso' with 'Ver todos', while a notification's leads fill the list. */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

export function NoticeFilterLine({ onClear }: { onClear: () => void }) {
  return (
    <Alert color="indigo" variant="light" icon={<IconBell size={18} />} mb="md" py="xs">
      <Group gap="xs" justify="space-between">
        <Text size="sm">Mostrando los leads que te asignaron en este aviso, de todos los grupos</Text>
        <Anchor component="button" type="button" size="sm" onClick={onClear}>
          Ver todos
        </Anchor>
      </Group>
    </Alert>
  );
}
