/** The error state of a list that failed to load: what failed, and a way to try again. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Comprueba tu conexión e inténtalo de nuevo.</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Reintentar
        </Button>
      </Stack>
    </Alert>
  );
}
