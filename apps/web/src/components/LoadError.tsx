/** The error state of anything that failed to load: what failed, why if the server said, and a way to try again. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { serverMessage } from '../lib/errors';

/** The part of a TanStack query result the error state needs. */
export interface FailedLoad {
  error: unknown;
  refetch: () => Promise<unknown>;
}

export function LoadError({ title, query }: { title: string; query: FailedLoad }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{serverMessage(query.error, 'Comprueba tu conexión e inténtalo de nuevo.')}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Stack>
    </Alert>
  );
}
