/** What a failed screen shows: what happened in Spanish, 'Reintentar', and a full reload as the last resort. */
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface ScreenErrorProps {
  /** The screen's file did not load (network or deploy), rather than the screen failing. */
  chunk: boolean;
  onRetry: () => void;
}

export function ScreenError({ chunk, onRetry }: ScreenErrorProps) {
  return (
    <Center py={48} role="alert">
      <Paper p="xl" radius="lg" withBorder maw={480} w="100%">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={24} color="var(--mantine-color-orange-7)" aria-hidden />
            <Title order={1} size="h3">
              {chunk ? 'No se pudo cargar esta pantalla' : 'Algo salió mal en esta pantalla'}
            </Title>
          </Group>
          <Text c="dimmed">
            {chunk
              ? 'Comprueba tu conexión y vuelve a intentarlo. El resto de la aplicación sigue funcionando.'
              : 'Vuelve a intentarlo. Si sigue pasando, recarga la página.'}
          </Text>
          <Group gap="sm">
            <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Reintentar
            </Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Recargar la página
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
