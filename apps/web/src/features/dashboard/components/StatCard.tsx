/** One dashboard card: icon, label, big figure and a badge. */
import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  badge: ReactNode;
  /** While the figures load, the card keeps its size with a skeleton over value and badge. */
  loading?: boolean;
}

export function StatCard({ label, value, icon, color, badge, loading = false }: StatCardProps) {
  return (
    <Card data-testid="stat-card" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <ThemeIcon variant="light" color={color} size="lg" radius="md">
            {icon}
          </ThemeIcon>
        </Group>
        <Group justify="space-between" align="flex-end" gap="xs">
          <Skeleton visible={loading} w="auto">
            <Text fz={28} fw={700} lh={1.1} data-testid="stat-value">
              {value}
            </Text>
          </Skeleton>
          <Skeleton visible={loading} w="auto">
            {badge}
          </Skeleton>
        </Group>
      </Stack>
    </Card>
  );
}
