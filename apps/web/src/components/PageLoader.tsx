/** The loading state of a screen: a spinner and the spec's text ('Cargando...' by default). */
import { Center, Group, Loader, Text } from '@mantine/core';

export function PageLoader({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Center py="xl" mih={200}>
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
