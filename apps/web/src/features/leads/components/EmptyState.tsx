/** A tab's empty state: an icon, the spec's sentence, an optional hint and action. */
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon, title, hint, action }: { icon: ReactNode; title: string; hint?: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" py={48} px="md">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="lg" ta="center">
          {title}
        </Text>
        {hint ? (
          <Text c="dimmed" size="sm" ta="center">
            {hint}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}

/** Nothing matches the filters: the way out is clearing them, not adding a first lead. */
export function FilteredEmptyState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={30} />}
      title="Ningún lead coincide con los filtros"
      hint="Cambia o limpia los filtros para ver más leads"
      action={
        <Button mt="xs" variant="light" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          Limpiar filtros
        </Button>
      }
    />
  );
}
