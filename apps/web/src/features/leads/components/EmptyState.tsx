/** A tab's empty state: an icon, the spec's sentence, an optional hint and action. */
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
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
